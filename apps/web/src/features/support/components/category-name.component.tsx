import { Anchor, TextInput, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '@/lib/api/api-client.ts';
import { paths } from '@/lib/paths/paths.ts';
import { SHORT_BANNER_LIFE_MS, showBanner } from '@/shared/ui/banner.store.ts';
import { useRenameCategory } from '../api/rename-faq-category.api.ts';
import { type EditingStore, useIsEditing } from '../logic/editing.store.ts';

interface CategoryNameProps {
  category: { id: number; name: string };
  /** Admins rename inline; everyone else follows the name to the category page. */
  admin: boolean;
  editing: EditingStore;
}

/** The name field: saves on blur or Enter (administration.md §5), Escape leaves it unchanged. */
function NameField({ category, editing }: Omit<CategoryNameProps, 'admin'>) {
  const { t } = useTranslation('support');
  const rename = useRenameCategory();
  const [value, setValue] = useState(category.name);
  const [error, setError] = useState<string | null>(null);

  const commit = async () => {
    if (rename.isPending) return;
    const name = value.trim();
    if (name === category.name) {
      editing.set(null);
      return;
    }
    if (name === '') {
      setError(t('errors.required'));
      return;
    }
    try {
      await rename.mutateAsync({ id: category.id, name });
      editing.set(null);
      showBanner({ kind: 'success', text: t('faq.categoryUpdated'), life: SHORT_BANNER_LIFE_MS });
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? (failure.fieldErrors.name?.[0] ?? failure.body.message ?? t('errors.saveFailed'))
          : t('errors.saveFailed'),
      );
    }
  };

  return (
    <TextInput
      aria-label={t('faq.nameLabel')}
      value={value}
      maxLength={255}
      size="sm"
      // The field replaces the name the user just chose to edit.
      autoFocus
      error={error}
      disabled={rename.isPending}
      onChange={(event) => {
        setValue(event.currentTarget.value);
        setError(null);
      }}
      onBlur={() => void commit()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          void commit();
        } else if (event.key === 'Escape') {
          event.preventDefault();
          editing.set(null);
        }
      }}
    />
  );
}

export function CategoryName({ category, admin, editing }: CategoryNameProps) {
  const { t } = useTranslation('support');
  const isEditing = useIsEditing(editing, category.id);
  if (admin && isEditing) return <NameField category={category} editing={editing} />;
  if (admin) {
    return (
      <UnstyledButton
        onClick={() => editing.set(category.id)}
        aria-label={t('faq.rename', { name: category.name })}
        fz="sm"
        fw={500}
      >
        {category.name}
      </UnstyledButton>
    );
  }
  return (
    <Anchor component={Link} to={paths.support.faq.category(category.id)} size="sm" fw={500}>
      {category.name}
    </Anchor>
  );
}
