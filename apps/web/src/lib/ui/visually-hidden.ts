/**
 * `sx` for text a screen reader reads but the screen does not show. Pixel strings: sx reads a bare
 * 1 as 100%.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
