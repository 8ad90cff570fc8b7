import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser } from './auth-user.test-support.ts';
import { preloadRoute } from './route-preload.ts';
import { screenComponent } from './screen-code.ts';

// The screens' real modules need a browser; their code is stood in for, the route table and loaders are real.
const UsersPage = () => null;
const AppLayout = () => null;
vi.mock('@/features/security/pages/users.page.tsx', () => ({ UsersPage, UserCreatePage: UsersPage }));
vi.mock('../shell/app-layout.component.tsx', () => ({ default: AppLayout }));

const editor = testUser({ abilities: ['view-system-users'] });
const notFetched = () => Promise.reject(new Error('fetched on render, not ahead'));

describe('preloadRoute', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("fetches the screen's code, the frame's and the namespaces both read, before the first render", async () => {
    const namespaces = vi.spyOn(i18next, 'loadNamespaces').mockResolvedValue(undefined);
    await preloadRoute('/security/users', { user: editor, platform: 'hatch' });
    expect(screenComponent('security-users', notFetched)).toBe(UsersPage);
    expect(screenComponent('app-layout', notFetched)).toBe(AppLayout);
    expect(namespaces).toHaveBeenCalledWith(['layout', 'notifications', 'security']);
  });

  it('fetches nothing for a visitor the guard turns away (a guest, a member without the ability)', async () => {
    const namespaces = vi.spyOn(i18next, 'loadNamespaces').mockResolvedValue(undefined);
    await preloadRoute('/security/users/create', { user: null, platform: 'hatch' });
    await preloadRoute('/security/users/create', { user: { ...editor, abilities: [] }, platform: 'hatch' });
    expect(namespaces).not.toHaveBeenCalled();
    const lazy = screenComponent('security-user-create', notFetched) as unknown as { $$typeof?: symbol };
    expect(lazy.$$typeof).toBe(Symbol.for('react.lazy'));
  });

  it('fetches nothing for a path no route has', async () => {
    const namespaces = vi.spyOn(i18next, 'loadNamespaces').mockResolvedValue(undefined);
    await preloadRoute('/no/such/screen', { user: editor, platform: 'hatch' });
    expect(namespaces).not.toHaveBeenCalled();
  });
});
