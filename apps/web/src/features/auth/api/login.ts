import { apiRoute, tokenRequestSchema, tokenResponseSchema, type TokenRequest, type TokenResponse } from '@avatar-factory/contracts';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/token, an OAuth2-style form post: `username` carries the e-mail. */
export function loginWithEmailAndPassword(input: TokenRequest): Promise<TokenResponse> {
  return apiRequest(apiRoute('signIn'), {
    body: { kind: 'form', value: tokenRequestSchema.parse(input) },
    schema: tokenResponseSchema,
  });
}
