/** Attribute-safe text (the avatar's name is user input). */
function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The iframe an owner pastes into a site to show this public page. */
export function embedSnippet(pageUrl: string, avatarName: string): string {
  return `<iframe src="${escapeAttribute(pageUrl)}" width="400" height="560" style="border:0" allow="autoplay" title="${escapeAttribute(avatarName)}"></iframe>`;
}
