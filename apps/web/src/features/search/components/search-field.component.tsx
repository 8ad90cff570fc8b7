import { Popover, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isRoute, paths } from '@/lib/paths/paths.ts';
import { Icon } from '@/shared/ui/icons.component.tsx';

/** The required top-bar search (composed by the shell): submitting opens /global-search?search={text}. */
export function SearchField() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
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
    <search>
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
              error={error !== null}
              aria-describedby={error ? 'top-search-error' : undefined}
              leftSection={<Icon name="search" size={16} />}
              w={{ base: 160, md: 280 }}
              visibleFrom="xs"
            />
          </Popover.Target>
          <Popover.Dropdown>
            <Text id="top-search-error" role="alert" size="sm" c="red.8" maw={260}>
              {error}
            </Text>
          </Popover.Dropdown>
        </Popover>
      </form>
    </search>
  );
}
