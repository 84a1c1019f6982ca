/** The access token lives in local storage under the key 'token'. */
const TOKEN_KEY = 'token';

/**
 * Reading localStorage throws where the browser blocks storage (a cross-site iframe with
 * third-party storage blocked, some private modes): then there is no stored token, and one stored
 * at sign-in lives only as long as the page.
 */
let memoryToken: string | null = null;

export function getStoredToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return memoryToken;
  }
}

export function storeToken(token: string): void {
  try {
    window.localStorage.setItem(TOKEN_KEY, token);
  } catch {
    memoryToken = token;
  }
}

export function removeStoredToken(): void {
  memoryToken = null;
  try {
    window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Nothing was stored there.
  }
}
