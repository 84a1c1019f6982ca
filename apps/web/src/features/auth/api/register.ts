import { apiRoute, userSchema, type RegisterRequest, type User } from '@avatar-factory/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/users with JSON {email, password}; 201 answers the created user. */
export function registerUser(input: RegisterRequest): Promise<User> {
  return apiRequest(apiRoute('register'), {
    body: { kind: 'json', value: input },
    schema: userSchema,
  });
}

export function useRegister() {
  return useMutation({ mutationFn: registerUser });
}
