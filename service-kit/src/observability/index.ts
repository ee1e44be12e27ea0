export * from './logger.ts';
export * from './request-id.ts';
export * from './request-observation.ts';
export * from './metrics.ts';
export * from './metrics-endpoint.ts';
export * from './catch-up-progress.ts';
