import { getStoredToken } from '../../lib/token-storage';

/**
 * The fetch loadRigBundle uses: the owner's private rig needs the bearer token, the public one
 * must not send it (the public page reveals nothing of, and asks nothing from, the visitor).
 */
export function rigFetch(authenticated: boolean, signal: AbortSignal): (url: string) => Promise<Response> {
  return (url) => {
    const headers = new Headers();
    const token = authenticated ? getStoredToken() : null;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return fetch(url, { headers, signal });
  };
}
