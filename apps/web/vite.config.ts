import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The app lives under a configurable base path (spec §2); Vite wants it with a trailing slash. */
function basePath(): string {
  const raw = (process.env.BASE_PATH ?? '/avatar-factory').trim();
  const withLead = raw.startsWith('/') ? raw : `/${raw}`;
  return withLead.endsWith('/') ? withLead : `${withLead}/`;
}

export default defineConfig({
  base: basePath(),
  plugins: [react(), tailwindcss()],
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
