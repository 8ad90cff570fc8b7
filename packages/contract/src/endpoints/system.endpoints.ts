// The system area's endpoints (one export per resource).
export * from './system.config.endpoints.ts';
export * from './system.realtime.endpoints.ts';
