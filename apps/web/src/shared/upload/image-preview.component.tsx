import { Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../ui/icons.component.tsx';
import { previewHeight } from './thumbnail.logic.ts';
import classes from './upload.module.css';
import { UPLOAD_WIDGET } from './upload-checks.logic.ts';

/** Without an image the box only says so: no need for the full preview height. */
const EMPTY_HEIGHT = 120;

interface ImagePreviewProps {
  /** The chosen image (object URL) or the record's current one. */
  url: string | null;
  /** The text under the current image (e.g. 'Inherited from Oak'). */
  caption: string | null;
  /** The field's label, for the image's alternative text. */
  name: string;
}

/** The image of an image field: 250 px high (its own height when smaller, 44–256 px). */
export function ImagePreview({ url, caption, name }: ImagePreviewProps) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<{ url: string; height: number } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const showable = url !== null && failed !== url;
  const height = !showable ? EMPTY_HEIGHT : loaded && loaded.url === url ? loaded.height : UPLOAD_WIDGET.previewHeight;
  return (
    <figure className={classes.preview}>
      <div className={classes.previewBox} style={{ height }}>
        {showable ? (
          <img
            src={url}
            alt={t('upload.previewAlt', { name })}
            onLoad={(event) => setLoaded({ url, height: previewHeight(event.currentTarget.naturalHeight) })}
            onError={() => setFailed(url)}
          />
        ) : (
          <Text size="sm" c="dimmed" className={classes.previewEmpty}>
            <Icon name="photo" size={28} />
            {url === null ? t('upload.noImage') : t('upload.noPreview')}
          </Text>
        )}
      </div>
      {caption && (
        <Text component="figcaption" size="xs" c="dimmed" mt={4}>
          {caption}
        </Text>
      )}
    </figure>
  );
}
