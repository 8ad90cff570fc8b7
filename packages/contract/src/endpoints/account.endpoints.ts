// The account area's endpoints (one export per resource).
export * from './account.autodesk.endpoints.ts';
export * from './account.my-account.endpoints.ts';
export * from './account.notification-settings.endpoints.ts';
export * from './account.notifications.endpoints.ts';
export * from './account.password-reset.endpoints.ts';
export * from './account.sign-in.endpoints.ts';
