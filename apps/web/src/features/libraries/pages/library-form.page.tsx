import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { paths } from '@/lib/paths/paths.ts';
import { useCurrentUser } from '@/lib/session/auth.context.ts';
import { afterCreate } from '@/shared/ui/after-create.logic.ts';
import { showBanner, TOAST_DELAY_MS } from '@/shared/ui/banner.store.ts';
import { PanelError } from '@/shared/ui/query-state.component.tsx';
import { throwIfMissing } from '@/shared/ui/record-pages.component.tsx';
import { useCreateLibrary } from '../api/create-library.api.ts';
import { useLibrary, useLibraryHeader } from '../api/get-library.api.ts';
import { useUpdateLibrary } from '../api/update-library.api.ts';
import { LibraryForm } from '../components/library-form.component.tsx';
import { LoadingForm } from '../components/loading-form.component.tsx';
import { LIBRARIES_BANNER_SCOPE } from '../logic/banner-scope.logic.ts';
import { breadcrumbTrail, idParam } from '../logic/breadcrumbs.logic.ts';
import { emptyLibraryForm, libraryFormValues } from '../logic/library-form.logic.ts';

const listOf = (parentId: number | null) =>
  parentId === null ? paths.libraries.list() : paths.libraries.detail(parentId);

function savedBanner(text: string) {
  showBanner({ kind: 'success', text, scope: LIBRARIES_BANNER_SCOPE, delay: TOAST_DELAY_MS });
}

/** /libraries/create and /libraries/create/{parentId} (hatch): a new library, under the parent when given. */
export function LibraryCreatePage() {
  const { t } = useTranslation('libraries');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const parentId = idParam(useParams().parentId);
  const parent = useLibraryHeader(parentId);
  const create = useCreateLibrary();

  if (parentId !== null && parent.isPending) return <LoadingForm />;
  throwIfMissing(parent);
  if (parent.isError) return <PanelError error={parent.error} onRetry={() => void parent.refetch()} />;
  const known = parent.data ? { id: parent.data.id, name: parent.data.name } : null;

  return (
    <Stack gap="lg">
      <Title order={1}>{t('form.createTitle')}</Title>
      <LibraryForm
        user={user}
        initial={emptyLibraryForm(known)}
        submitLabel={t('actions.save')}
        onCancel={() => void navigate(listOf(parentId))}
        onSubmit={async (save) => {
          const created = await create.mutateAsync(save);
          savedBanner(t('form.saved', { name: created.name }));
          // From a library: back to it. From the list: the new library, which offers its first item.
          const opener = parentId === null ? null : paths.libraries.detail(parentId);
          await navigate(afterCreate(opener, paths.libraries.detail(created.id)));
        }}
      />
    </Stack>
  );
}

/** /libraries/edit/{libraryId} (hatch): 'Loading existing data...' until the library is read. */
export function LibraryEditPage() {
  const { t } = useTranslation('libraries');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const id = idParam(useParams().libraryId) ?? 0;
  const library = useLibrary(id);
  const update = useUpdateLibrary(id);

  if (library.isPending) return <LoadingForm />;
  throwIfMissing(library);
  if (library.isError) return <PanelError error={library.error} onRetry={() => void library.refetch()} />;
  const record = library.data;
  const trail = breadcrumbTrail(record.meta_data?.breadcrumbs);
  const parentCrumb = trail.length > 1 ? trail[trail.length - 2] : undefined;
  const parent =
    record.parent_id !== null ? { id: record.parent_id, name: parentCrumb?.name ?? String(record.parent_id) } : null;

  return (
    <Stack gap="lg">
      <Title order={1}>{t('form.editTitle')}</Title>
      <LibraryForm
        key={record.updated_at}
        user={user}
        library={record}
        initial={libraryFormValues(record, parent)}
        submitLabel={t('actions.save')}
        onCancel={() => void navigate(listOf(record.parent_id))}
        onSubmit={async (save) => {
          const saved = await update.mutateAsync(save);
          savedBanner(t('form.saved', { name: saved.name }));
          await navigate(listOf(saved.parent_id ?? null));
        }}
      />
    </Stack>
  );
}
