export * from './api.ts';
export * from './crypto.ts';
export * from './masking.ts';
export * from './permissions.ts';
export * from './resource.ts';
export * from './resource-schemas.ts';
export * from './resources/index.ts';
export * from './routes.ts';
