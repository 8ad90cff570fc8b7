import { Textarea, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CategoriesPicker } from './category-picker.component.tsx';

/** What every material form asks first: its name (the identifier), description and categories. */
export interface MaterialBasics {
  name: string;
  description: string;
  categories: number[];
}

/** Name, description and categories of a material form (create, variant, edit). */
export function MaterialBasicFields<T extends MaterialBasics>({ form }: { form: UseFormReturn<T> }) {
  const { t } = useTranslation('materials');
  // The fields are the same three in every form whose values extend MaterialBasics.
  const basics = form as unknown as UseFormReturn<MaterialBasics>;
  const { errors } = basics.formState;
  return (
    <>
      <TextInput
        label={t('form.name')}
        description={t('form.nameHint')}
        required
        {...basics.register('name')}
        error={errors.name?.message}
      />
      <Textarea
        label={t('form.description')}
        autosize
        minRows={3}
        {...basics.register('description')}
        error={errors.description?.message}
      />
      <Controller
        control={basics.control}
        name="categories"
        render={({ field }) => (
          <CategoriesPicker
            label={t('form.categories')}
            placeholder={t('form.categoriesPlaceholder')}
            value={field.value}
            onChange={field.onChange}
            error={errors.categories?.message}
          />
        )}
      />
    </>
  );
}
