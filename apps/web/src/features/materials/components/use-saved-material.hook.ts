import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/lib/paths/paths.ts';
import { afterCreate } from '@/shared/ui/after-create.logic.ts';
import { SHORT_BANNER_LIFE_MS, showBanner } from '@/shared/ui/banner.store.ts';
import { MATERIALS_BANNER_SCOPE } from '../logic/materials.constants.ts';

/** The processor's Materials tab: index 2, after Models and Items (spec: content.md §2). */
const PROCESSOR_MATERIALS_TAB = 2;

/**
 * After a save: a banner, then the material's overview, or the processor's Materials tab when
 * the form was opened from there (navigation state 'processor', content.md §2). A new material
 * made from a category's page or a base material's (`openedFrom`) returns there (issue 31).
 */
export function useSavedMaterial(): (name: string, messageKey: string, openedFrom?: string | null) => Promise<void> {
  const { t } = useTranslation('materials');
  const navigate = useNavigate();
  const fromProcessor = useLocation().state === 'processor';
  return async (name, messageKey, openedFrom = null) => {
    const text = t(messageKey, { name });
    if (fromProcessor) {
      showBanner({ kind: 'success', text, life: SHORT_BANNER_LIFE_MS });
      await navigate(paths.processor(), { state: { tab: PROCESSOR_MATERIALS_TAB } });
      return;
    }
    showBanner({ kind: 'success', text, scope: MATERIALS_BANNER_SCOPE, life: SHORT_BANNER_LIFE_MS });
    // A rename changes the material's address: the form's own entry gives way to the new one.
    await navigate(afterCreate(openedFrom, paths.materials.overview(name)), { replace: true });
  };
}
