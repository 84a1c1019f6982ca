export * from './errors';
export * from './text';
export * from './auth';
export * from './tasks';
export * from './avatars';
export * from './voice-models';
export * from './speech';
export * from './public-avatar';
