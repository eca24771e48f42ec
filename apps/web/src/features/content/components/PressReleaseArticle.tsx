import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDate, type TPressRelease } from '@portico/domain';
import { SafeHtml } from '@/lib/ui/SafeHtml';

/** One release as the public reads it (also the editor's preview). */
export function PressReleaseArticle({
  release,
  headingLevel = 'h2',
}: {
  release: TPressRelease;
  headingLevel?: 'h1' | 'h2';
}) {
  return (
    <Box component="article">
      {headingLevel === 'h2' && (
        <Typography variant="h2" sx={{ fontSize: '1.5rem', mb: 0.5 }}>
          {release.title}
        </Typography>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        <time dateTime={release.publish_date}>{formatDate(release.publish_date)}</time>
      </Typography>
      {release.image_url && (
        <Box
          component="img"
          src={release.image_url}
          alt=""
          sx={{ maxWidth: '100%', maxHeight: 320, borderRadius: 1, mb: 2 }}
        />
      )}
      {release.summary && <Typography sx={{ fontWeight: 500, mb: 2 }}>{release.summary}</Typography>}
      <SafeHtml html={release.body_html} sx={{ typography: 'body1', '& p': { mt: 0 } }} />
    </Box>
  );
}
