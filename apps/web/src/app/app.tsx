import { BrowserRouter } from 'react-router';
import { homeUrl, routerBasename } from '../lib/env';
import { RootRoutes } from './router';

/** Logout goes to the home URL with a full navigation, leaving no state of the session. */
function goHome() {
  window.location.assign(homeUrl);
}

export function App() {
  return (
    <BrowserRouter basename={routerBasename}>
      <RootRoutes onLoggedOut={goHome} />
    </BrowserRouter>
  );
}
