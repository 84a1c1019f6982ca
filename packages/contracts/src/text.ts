/**
 * Text the server stores or looks up in the database. PostgreSQL text cannot hold NUL, and an
 * unpaired UTF-16 surrogate cannot be encoded as UTF-8 (it would silently become U+FFFD, i.e. the
 * text would change): both are refused as a validation error instead of failing in the database.
 */
const unpairedSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isStorableText = (value: string): boolean => !value.includes('\u0000') && !unpairedSurrogate.test(value);
export const storableTextMessage = 'Must not contain NUL characters or unpaired surrogates';
