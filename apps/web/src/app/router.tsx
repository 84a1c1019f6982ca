import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner';
import { RedirectIfAuthenticated, RequireAuth } from '../features/auth/components/route-guards';
import { AuthRoute } from '../features/auth/routes/auth-route';
import { NotFoundRoute } from './not-found-route';
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

/** Spec §2's route table, relative to the base path (the router's basename). */
export function AppRoutes() {
  return (
    <Routes>
      {/* The public Web Avatar page stands alone: no app navigation, no sign-in state. */}
      <Route path="w/:publicId" element={<Lazy><WebAvatarRoute /></Lazy>} />
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
