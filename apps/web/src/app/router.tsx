import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner';
import { RedirectIfAuthenticated, RequireAuth } from '../features/auth/components/route-guards';
import { AuthRoute } from '../features/auth/routes/auth-route';
import { FramedNotice } from '../components/errors/framed-notice';
import { isFramed } from '../lib/framing';
import { NotFoundRoute } from './not-found-route';
import { AppProvider, PublicProvider } from './provider';
import { RootLayout } from './root-layout';

// Feature screens load on demand: the avatar screens will carry heavy code (face detection, renderer).
const CreateAvatarRoute = lazy(() =>
  import('../features/avatars/routes/create-avatar-route').then((m) => ({ default: m.CreateAvatarRoute })),
);
const EditAvatarRoute = lazy(() =>
  import('../features/avatars/routes/edit-avatar-route').then((m) => ({ default: m.EditAvatarRoute })),
);
const VoiceModelsRoute = lazy(() =>
  import('../features/voice-models/routes/voice-models-route').then((m) => ({ default: m.VoiceModelsRoute })),
);

const WebAvatarRoute = lazy(() =>
  import('../features/web-avatar/routes/web-avatar-route').then((m) => ({ default: m.WebAvatarRoute })),
);
const LicencesRoute = lazy(() => import('../features/about/routes/licences-route').then((m) => ({ default: m.LicencesRoute })));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>;
}

/**
 * The public Web Avatar page stands alone (no app navigation, no sign-in machinery, nothing read
 * from storage); every other route is the signed-in app, which never renders inside a frame.
 */
export function RootRoutes({ onLoggedOut }: { onLoggedOut: () => void }) {
  return (
    <Routes>
      <Route path="w/:publicId" element={<PublicProvider><Lazy><WebAvatarRoute /></Lazy></PublicProvider>} />
      <Route path="*" element={isFramed() ? <FramedNotice /> : <AppProvider onLoggedOut={onLoggedOut}><AppRoutes /></AppProvider>} />
    </Routes>
  );
}

/** The route table (all but the public page), relative to the base path (the router's basename). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="licences" element={<Lazy><LicencesRoute /></Lazy>} />
        <Route element={<RedirectIfAuthenticated />}>
          <Route path="auth" element={<AuthRoute />} />
        </Route>
        <Route element={<RequireAuth />}>
          <Route index element={<Lazy><CreateAvatarRoute /></Lazy>} />
          <Route path="avatars/:avatarId/edit" element={<Lazy><EditAvatarRoute /></Lazy>} />
          <Route path="voice-models" element={<Lazy><VoiceModelsRoute /></Lazy>} />
        </Route>
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
