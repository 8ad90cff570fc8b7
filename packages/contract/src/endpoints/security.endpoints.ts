// The security area's endpoints (one export per resource).
export * from './security.groups.endpoints.ts';
export * from './security.invitations.endpoints.ts';
export * from './security.roles.endpoints.ts';
export * from './security.users.endpoints.ts';
