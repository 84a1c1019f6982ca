/** Spec §9: the access token lives in local storage under the key 'token'. */
const TOKEN_KEY = 'token';

export function getStoredToken(): string | null {
  return window.localStorage.getItem(TOKEN_KEY);
}

export function storeToken(token: string): void {
  window.localStorage.setItem(TOKEN_KEY, token);
}

export function removeStoredToken(): void {
  window.localStorage.removeItem(TOKEN_KEY);
}
