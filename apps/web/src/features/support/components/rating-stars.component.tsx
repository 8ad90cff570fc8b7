import { Group, Text, VisuallyHidden } from '@mantine/core';
import { FEEDBACK_RATING_MAX } from '@meshport/contract';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/shared/ui/icons.component.tsx';

const STAR_NUMBERS = Array.from({ length: FEEDBACK_RATING_MAX }, (_, index) => index + 1);

/** 1 to 5 stars, filled up to the rating (administration.md §2), in the tenant's primary colour. */
export function RatingStars({ rating, size = 16 }: { rating: number; size?: number }) {
  const { t } = useTranslation('support');
  return (
    <Group gap={2} wrap="nowrap">
      {STAR_NUMBERS.map((star, index) => (
        <Text key={star} span c={index < rating ? 'brand' : 'dimmed'} lh={1} aria-hidden>
          <Icon name="star" size={size} filled={index < rating} />
        </Text>
      ))}
      <VisuallyHidden>{t('stars', { count: rating })}</VisuallyHidden>
    </Group>
  );
}
