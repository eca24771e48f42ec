import Box from '@mui/material/Box';
import { LIMITS } from '@portico/domain';
import { useState } from 'react';

interface UserAvatarProps {
  /** The profile image URL, if the partner uploaded one. */
  src: string | null;
  /** Shown when there is no image or it keeps failing. */
  initials: string;
  size?: number;
}

/**
 * A round avatar: the profile image, retried up to LIMITS.imageRetryLimit times (spec section 9),
 * then the initials as the fallback. Decorative: the control around it carries the accessible name.
 */
export function UserAvatar({ src, initials, size = 36 }: UserAvatarProps) {
  // Failures are counted per image URL: a new picture starts again from the first attempt.
  const [failures, setFailures] = useState<{ src: string | null; count: number }>({ src, count: 0 });
  const attempt = failures.src === src ? failures.count : 0;
  const fail = () => setFailures({ src, count: attempt + 1 });
  const showImage = src !== null && src !== '' && attempt <= LIMITS.imageRetryLimit;

  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        flex: '0 0 auto',
        borderRadius: '50%',
        overflow: 'hidden',
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontWeight: 600,
        fontSize: size * 0.38,
        userSelect: 'none',
      }}
    >
      {showImage ? (
        <Box
          component="img"
          key={attempt}
          src={attempt === 0 ? src : `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`}
          alt=""
          onError={fail}
          sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        initials
      )}
    </Box>
  );
}
