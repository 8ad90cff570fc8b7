import { ActionIcon, Button, Card, Group, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@/lib/i18n/format.ts';
import { paths, routeExists } from '@/lib/paths/paths.ts';
import { Icon } from '@/shared/ui/icons.component.tsx';
import { PanelEmpty, QueryState } from '@/shared/ui/query-state.component.tsx';
import { RECENT_PROJECTS_SLIDER, type RecentProject, useRecentProjects } from '../api/get-recent-projects.api.ts';
import classes from './dashboard.module.css';

/** Index after moving `step` in a ring of `length` slides. */
export function wrapIndex(index: number, step: number, length: number): number {
  if (length === 0) return 0;
  return (((index + step) % length) + length) % length;
}

function Slide({ project, position, total }: { project: RecentProject; position: number; total: number }) {
  const { t } = useTranslation('dashboard');
  // 'View Project' links to the project overview only once that route exists.
  const overview = paths.projects.overview(project.id);
  const canView = routeExists(overview);
  return (
    // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group, not a form fieldset
    <div
      role="group"
      aria-roledescription={t('slider.slide')}
      aria-label={t('slider.position', { position, total })}
      className={classes.slide}
    >
      <div className={classes.slideImage}>
        {project.preview_image ? (
          <Image src={project.preview_image} alt={t('slider.preview', { name: project.name })} h="100%" fit="cover" />
        ) : (
          <div className={classes.noPreview}>
            <Icon name="photo" size={48} />
            <Text size="sm">{t('slider.noPreview')}</Text>
          </div>
        )}
      </div>
      <Stack gap="xs" justify="center" className={classes.slideText}>
        <Title order={3} size="h4" lineClamp={2}>
          {project.name}
        </Title>
        {project.description && (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {project.description}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('slider.updated', {
            date: formatDate(project.updated_at),
          })}
        </Text>
        {canView && (
          <Button component={Link} to={overview} size="sm" w="fit-content" mt="xs">
            {t('slider.view')}
          </Button>
        )}
      </Stack>
    </div>
  );
}

function Slider({ projects }: { projects: RecentProject[] }) {
  const { t } = useTranslation('dashboard');
  const [index, setIndex] = useState(0);
  const slidesId = useId();
  const current = Math.min(index, projects.length - 1);
  const move = (step: number) => setIndex(wrapIndex(current, step, projects.length));
  const project = projects[current];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowRight') move(1);
    else if (event.key === 'ArrowLeft') move(-1);
    else if (event.key === 'Home') setIndex(0);
    else if (event.key === 'End') setIndex(projects.length - 1);
    else return;
    event.preventDefault();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move the carousel from any control inside it
    <div onKeyDown={onKeyDown}>
      <div id={slidesId} aria-live="polite">
        {project && <Slide key={project.id} project={project} position={current + 1} total={projects.length} />}
      </div>
      {projects.length > 1 && (
        <Group justify="space-between" mt="md" gap={6} wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            radius="xl"
            onClick={() => move(-1)}
            aria-label={t('slider.previous')}
            aria-controls={slidesId}
          >
            <Icon name="chevronLeft" />
          </ActionIcon>
          <Group wrap="nowrap" className={classes.dots}>
            {projects.map((item, position) => (
              <button
                key={item.id}
                type="button"
                className={classes.dot}
                data-active={position === current || undefined}
                aria-label={t('slider.goTo', { position: position + 1, name: item.name })}
                aria-current={position === current ? 'true' : undefined}
                aria-controls={slidesId}
                onClick={() => setIndex(position)}
              />
            ))}
          </Group>
          <ActionIcon
            variant="default"
            size="lg"
            radius="xl"
            onClick={() => move(1)}
            aria-label={t('slider.next')}
            aria-controls={slidesId}
          >
            <Icon name="chevronRight" />
          </ActionIcon>
        </Group>
      )}
    </div>
  );
}

/** The five most recently updated projects, one slide at a time (shell.md §2). */
export function RecentProjectsSlider() {
  const { t } = useTranslation('dashboard');
  const headingId = useId();
  const query = useRecentProjects(RECENT_PROJECTS_SLIDER);
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      h="100%"
      component="section"
      aria-labelledby={headingId}
      aria-roledescription={t('slider.carousel')}
    >
      <Title order={2} size="h4" id={headingId} mb="md">
        {t('slider.title')}
      </Title>
      <QueryState
        query={query}
        loading={
          <div className={classes.slide} role="status" aria-busy="true">
            <Skeleton className={classes.slideImage} radius="md" />
            <Stack gap="sm" className={classes.slideText}>
              <Skeleton height={24} width="70%" />
              <Skeleton height={14} />
              <Skeleton height={14} width="80%" />
              <Text size="xs" c="dimmed">
                {t('slider.loading')}
              </Text>
            </Stack>
          </div>
        }
        isEmpty={(projects) => projects.length === 0}
        empty={<PanelEmpty>{t('slider.empty')}</PanelEmpty>}
      >
        {(projects) => <Slider projects={projects} />}
      </QueryState>
    </Card>
  );
}
