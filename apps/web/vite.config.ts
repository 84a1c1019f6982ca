import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The app lives under a configurable base path; Vite wants it with a trailing slash. */
function basePath(): string {
  const raw = (process.env.BASE_PATH ?? '/avatar-factory').trim();
  const withLead = raw.startsWith('/') ? raw : `/${raw}`;
  return withLead.endsWith('/') ? withLead : `${withLead}/`;
}

/**
 * sonner injects its CSS as an inline <style> when it loads, which the server's CSP (style-src
 * 'self') refuses; main.tsx loads the same rules from sonner/dist/styles.css as a file instead.
 */
function sonnerStylesAsFile(): Plugin {
  return {
    name: 'sonner-styles-as-file',
    enforce: 'pre',
    transform(code, id) {
      if (!/node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return undefined;
      const changed = code.replace(/^__insertCSS\(/m, 'void (');
      if (changed === code) this.error('sonner no longer calls __insertCSS: check how it loads its styles');
      return changed;
    },
  };
}

export default defineConfig({
  base: basePath(),
  plugins: [sonnerStylesAsFile(), react(), tailwindcss()],
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
