/** Storage keys of one avatar's files; built from ids only, never from user input. */
export const avatarFiles = (avatarId: string) => ({
  dir: `avatars/${avatarId}/`,
  photo: `avatars/${avatarId}/photo`,
  rigDir: `avatars/${avatarId}/rig/`,
  rigFile: (name: string) => `avatars/${avatarId}/rig/${name}`,
  portrait: `avatars/${avatarId}/portrait.png`,
  greeting: `avatars/${avatarId}/greeting.json`,
});

/** The published snapshot behind a public Web Avatar page. */
export const webAvatarFiles = (publicId: string) => ({
  dir: `web-avatars/${publicId}/`,
  rigFile: (name: string) => `web-avatars/${publicId}/${name}`,
});

/** File names a rig bundle may contain (rig.json and PNG textures); anything else is refused. */
export const RIG_FILE_PATTERN = /^[a-z0-9][a-z0-9_-]{0,40}\.(json|png)$/;
