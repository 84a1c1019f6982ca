/**
 * Every API call the web client makes, as "METHOD /path" under /api with Fastify's `:param`
 * patterns: the one source the client builds its requests from. An API test checks that each
 * one is an operation of the server's OpenAPI document, so a renamed or removed route fails CI
 * instead of a user's click.
 */
export const apiRoutes = {
  register: 'POST /users',
  signIn: 'POST /token',
  currentUser: 'GET /users/me',

  listTasks: 'GET /tasks',
  getTask: 'GET /tasks/:taskId',
  deployTask: 'POST /tasks/:taskId/deploy',
  deleteTask: 'DELETE /tasks/:taskId',
  createAvatar: 'POST /avatars',
  getAvatar: 'GET /avatars/:avatarId',
  avatarImage: 'GET /avatars/:avatarId/image',
  avatarRigFile: 'GET /avatars/:avatarId/rig/:file',
  getAvatarVoiceModel: 'GET /avatars/:avatarId/voice-model',
  setAvatarVoiceModel: 'POST /avatars/:avatarId/voice-model',
  avatarGreeting: 'GET /avatars/:avatarId/greeting',
  avatarSpeak: 'POST /avatars/:avatarId/speak',

  trainingConfig: 'GET /voice-training/config',
  suggestedSentences: 'GET /voice-sentences/suggested-texts',
  listVoiceModels: 'GET /voice-models',
  createVoiceModel: 'POST /voice-models',
  deleteVoiceModel: 'DELETE /voice-models/:id',
  startTraining: 'POST /voice-models/:id/train',
  cancelTraining: 'POST /voice-models/:id/cancel',
  trainingStatus: 'GET /voice-models/:id/status',
  listTakes: 'GET /voice-models/:id/sentences',
  uploadTake: 'POST /voice-models/:id/sentences',

  publicConfig: 'GET /public/config',
  publicAvatar: 'GET /public/avatars/:publicId',
  publicRigFile: 'GET /public/avatars/:publicId/rig/:file',
  publicSpeak: 'POST /public/avatars/:publicId/speak',
} as const satisfies Record<string, `${HttpMethod} /${string}`>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ApiRouteName = keyof typeof apiRoutes;

type PathOf<R extends ApiRouteName> = (typeof apiRoutes)[R] extends `${string} ${infer Path}` ? Path : never;
type ParamsIn<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsIn<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;
/** The values of a route's `:param` segments, by name. */
export type ApiRouteParams<R extends ApiRouteName> = { [Name in ParamsIn<PathOf<R>>]: string };

/** A request's method and its path under /api, parameters percent-encoded. */
export interface ApiTarget {
  method: HttpMethod;
  path: string;
}

/**
 * The method and path of a named route. A parameter given as '' leaves its segment empty, which
 * is how the rig's base URL (`.../rig/`) is made.
 */
export function apiRoute<R extends ApiRouteName>(
  name: R,
  ...[params]: ParamsIn<PathOf<R>> extends never ? [] : [ApiRouteParams<R>]
): ApiTarget {
  const [method, pattern] = apiRoutes[name].split(' ') as [HttpMethod, string];
  const values = (params ?? {}) as Record<string, string>;
  const path = pattern.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`apiRoute('${name}') needs the parameter ${key}`);
    return encodeURIComponent(value);
  });
  return { method, path };
}
