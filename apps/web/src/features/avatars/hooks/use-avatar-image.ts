import { apiRoute } from '@avatar-factory/contracts';
import { useEffect, useState } from 'react';
import { apiBaseUrl } from '../../../lib/env';
import { getStoredToken } from '../../../lib/token-storage';

/**
 * The avatar's PNG portrait as an object URL: an <img> cannot send the bearer header, so
 * it is fetched with the token and the URL is revoked when the card unmounts or the key changes.
 * `version` lets a caller refetch (e.g. when the task completes).
 */
export function useAvatarImage(avatarIdOrName: string | null, version: string | number = 0): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    if (!avatarIdOrName) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const token = getStoredToken();
    const target = apiRoute('avatarImage', { avatarId: avatarIdOrName });
    fetch(`${apiBaseUrl}${target.path}`, {
      method: target.method,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`image ${response.status}`);
        objectUrl = URL.createObjectURL(await response.blob());
        setState({ url: objectUrl, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ url: null, failed: true });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setState({ url: null, failed: false });
    };
  }, [avatarIdOrName, version]);
  return state;
}
