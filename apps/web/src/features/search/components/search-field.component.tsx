import { ActionIcon, Box, CloseButton, Popover, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isRoute, paths } from '@/lib/paths/paths.ts';
import { Icon } from '@/shared/ui/icons.component.tsx';
import { useCloseOnRouteChange } from '@/shared/ui/use-close-on-route-change.hook.ts';
import classes from './search.module.css';

/** The width from which the top bar has room for the search box itself (Mantine's md). */
const FIELD_FROM = 'md';

interface SearchFormProps {
  /** The full-width field of small screens takes the focus when it opens and closes on Escape. */
  compact?: boolean;
  onEscape?: () => void;
}

/** Submitting opens /global-search?search={text}; an empty term is refused beside the field. */
function SearchForm({ compact = false, onEscape }: SearchFormProps) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const errorId = useId();
  const [term, setTerm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const location = useLocation();
  // On the results page the field shows the term searched for (also after back and forward).
  useEffect(() => {
    if (isRoute(location.pathname, 'global-search')) setTerm(new URLSearchParams(location.search).get('search') ?? '');
  }, [location.pathname, location.search]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const search = term.trim();
    if (!search) {
      setError(t('search.empty'));
      return;
    }
    setError(null);
    void navigate(paths.search({ term: search }));
  };

  return (
    <search className={compact ? classes.compactForm : undefined}>
      <form onSubmit={onSubmit} noValidate>
        <Popover
          withRoles={false}
          opened={error !== null}
          onChange={() => setError(null)}
          position="bottom-end"
          withArrow
        >
          <Popover.Target>
            <TextInput
              type="search"
              aria-label={t('search.label')}
              placeholder={t('search.placeholder')}
              required
              value={term}
              onChange={(event) => {
                setTerm(event.currentTarget.value);
                if (error) setError(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Escape' && onEscape) {
                  event.preventDefault();
                  onEscape();
                }
              }}
              autoFocus={compact}
              error={error !== null}
              aria-describedby={error ? errorId : undefined}
              leftSection={<Icon name="search" size={16} />}
              w={compact ? '100%' : 280}
            />
          </Popover.Target>
          <Popover.Dropdown>
            <Text id={errorId} role="alert" size="sm" c="red.8" maw={260}>
              {error}
            </Text>
          </Popover.Dropdown>
        </Popover>
      </form>
    </search>
  );
}

/**
 * Below the desktop width an icon that opens the search as a full-width field over the top bar;
 * Escape or the close button shuts it and gives the focus back to the icon.
 */
function CompactSearch() {
  const { t } = useTranslation('layout');
  const [opened, setOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useCloseOnRouteChange(() => setOpened(false));
  const close = () => {
    setOpened(false);
    buttonRef.current?.focus();
  };

  return (
    <>
      <ActionIcon
        ref={buttonRef}
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={t('search.open')}
        aria-expanded={opened}
        aria-controls={opened ? panelId : undefined}
        onClick={() => setOpened(true)}
        hiddenFrom={FIELD_FROM}
      >
        <Icon name="search" size={20} />
      </ActionIcon>
      {opened && (
        <Box id={panelId} className={classes.compactSearch} hiddenFrom={FIELD_FROM}>
          <SearchForm compact onEscape={close} />
          <CloseButton size="lg" aria-label={t('search.close')} onClick={close} />
        </Box>
      )}
    </>
  );
}

/** The required top-bar search (composed by the shell): the box on wide screens, an icon on small ones. */
export function SearchField() {
  return (
    <>
      <Box visibleFrom={FIELD_FROM}>
        <SearchForm />
      </Box>
      <CompactSearch />
    </>
  );
}
