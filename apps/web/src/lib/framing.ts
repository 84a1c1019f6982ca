/** Whether this page runs inside a frame of another page (reading window.top is always allowed). */
export function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}
