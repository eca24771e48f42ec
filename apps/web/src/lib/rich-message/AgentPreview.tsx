import CallOutlined from '@mui/icons-material/CallOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { parseHexColour, WHATSAPP_CATEGORIES, type WhatsappCategory } from '@portico/domain';
import { Handset } from './Handset';

/** The colour the preview uses while the brand colour typed is not (yet) a colour. */
const FALLBACK_COLOUR = '#5956D6';

export interface RcsPreviewValues {
  displayName: string;
  description: string;
  brandColor: string;
  logoUrl: string | null;
  bannerUrl: string | null;
  phones: readonly { number: string; label: string }[];
  emails: readonly { address: string; label: string }[];
  websites: readonly { url: string; label: string }[];
}

export interface WhatsappPreviewValues {
  displayName: string;
  about: string;
  category: string;
  phone: string;
  photoUrl: string | null;
}

function Initial({ name, size, colour }: { name: string; size: number; colour: string }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        borderRadius: '50%',
        bgcolor: colour,
        color: '#fff',
        display: 'grid',
        placeItems: 'center',
        fontWeight: 600,
        fontSize: size / 2.5,
      }}
    >
      {(name.trim()[0] ?? '?').toUpperCase()}
    </Box>
  );
}

/** The RCS agent's information card as a handset shows it: banner, round logo, name, description, contacts in the brand colour. */
export function RcsAgentPreview({ values }: { values: RcsPreviewValues }) {
  const colour = parseHexColour(values.brandColor) ? values.brandColor : FALLBACK_COLOUR;
  const name = values.displayName.trim() || 'Your bot name';
  const contacts = [
    ...values.phones.map((p) => ({ icon: <CallOutlined />, value: p.number, label: p.label })),
    ...values.websites.map((w) => ({ icon: <LanguageOutlined />, value: w.url, label: w.label })),
    ...values.emails.map((e) => ({ icon: <EmailOutlined />, value: e.address, label: e.label })),
  ].filter((c) => c.value.trim() !== '');
  return (
    <Handset label="RCS preview">
      <Box
        sx={{
          aspectRatio: '1440 / 448',
          bgcolor: colour,
          backgroundImage: values.bannerUrl ? `url("${values.bannerUrl}")` : undefined,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
        }}
        data-testid="preview-banner"
      />
      <Box sx={{ px: 2, mt: '-28px', display: 'flex', justifyContent: 'center' }}>
        <Box sx={{ border: '3px solid #fff', borderRadius: '50%', bgcolor: '#fff' }}>
          {values.logoUrl ? (
            <Box
              component="img"
              src={values.logoUrl}
              alt={`${name} logo`}
              sx={{ width: 56, height: 56, borderRadius: '50%', display: 'block', objectFit: 'cover' }}
            />
          ) : (
            <Initial name={name} size={56} colour={colour} />
          )}
        </Box>
      </Box>
      <Box sx={{ px: 2, pt: 1, pb: 2, textAlign: 'center' }}>
        <Typography
          component="p"
          sx={{
            fontWeight: 600,
            fontSize: '1rem',
            color: '#202124',
            display: 'flex',
            gap: 0.5,
            justifyContent: 'center',
            alignItems: 'center',
            wordBreak: 'break-word',
          }}
          data-testid="preview-name"
        >
          {name}
          <VerifiedOutlined aria-label="Verified sender" sx={{ fontSize: 16, color: colour }} />
        </Typography>
        <Typography
          component="p"
          sx={{ fontSize: '0.8125rem', color: '#5f6368', mt: 0.5, wordBreak: 'break-word' }}
          data-testid="preview-description"
        >
          {values.description.trim() || 'What your bot does, in up to 100 characters.'}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'center', gap: 3, pb: 2 }} aria-hidden>
        {[<CallOutlined key="c" />, <LanguageOutlined key="w" />, <EmailOutlined key="e" />].map((icon) => (
          <Box
            key={icon.key}
            sx={{
              width: 40,
              height: 40,
              borderRadius: '50%',
              border: 1,
              borderColor: '#dadce0',
              color: colour,
              display: 'grid',
              placeItems: 'center',
              '& svg': { fontSize: 20 },
            }}
          >
            {icon}
          </Box>
        ))}
      </Box>
      <Box
        component="ul"
        aria-label="Contact information"
        sx={{ listStyle: 'none', m: 0, p: 0, borderTop: 1, borderColor: '#eee' }}
      >
        {contacts.map((contact, index) => (
          <Box
            component="li"
            // biome-ignore lint/suspicious/noArrayIndexKey: contacts may repeat while being typed; the order is stable.
            key={index}
            sx={{
              display: 'flex',
              gap: 1.5,
              alignItems: 'center',
              px: 2,
              py: 1,
              borderBottom: 1,
              borderColor: '#eee',
              '& svg': { color: colour, fontSize: 20 },
            }}
          >
            {contact.icon}
            <Box sx={{ minWidth: 0 }}>
              <Typography
                component="p"
                sx={{ fontSize: '0.8125rem', color: '#202124', wordBreak: 'break-all' }}
              >
                {contact.value}
              </Typography>
              <Typography component="p" sx={{ fontSize: '0.75rem', color: '#5f6368' }}>
                {contact.label}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </Handset>
  );
}

/** The WhatsApp business profile as a handset shows it: round photo, name, about, category, number. */
export function WhatsappProfilePreview({ values }: { values: WhatsappPreviewValues }) {
  const name = values.displayName.trim() || 'Your business name';
  const category =
    values.category in WHATSAPP_CATEGORIES ? WHATSAPP_CATEGORIES[values.category as WhatsappCategory] : null;
  const green = '#075E54';
  return (
    <Handset label="WhatsApp preview">
      <Box sx={{ bgcolor: green, height: 56 }} aria-hidden />
      <Box sx={{ display: 'flex', justifyContent: 'center', mt: '-40px' }}>
        {values.photoUrl ? (
          <Box
            component="img"
            src={values.photoUrl}
            alt={`${name} profile photo`}
            sx={{ width: 96, height: 96, borderRadius: '50%', border: '3px solid #fff', objectFit: 'cover' }}
          />
        ) : (
          <Box sx={{ border: '3px solid #fff', borderRadius: '50%' }}>
            <Initial name={name} size={96} colour="#128C7E" />
          </Box>
        )}
      </Box>
      <Box sx={{ textAlign: 'center', px: 2, pt: 1.5 }}>
        <Typography
          component="p"
          sx={{ fontWeight: 600, fontSize: '1.05rem', color: '#111b21', wordBreak: 'break-word' }}
          data-testid="preview-name"
        >
          {name}
        </Typography>
        <Typography component="p" sx={{ fontSize: '0.8125rem', color: '#54656f' }}>
          {values.phone.trim() || '+00 00000 00000'}
        </Typography>
        <Typography component="p" sx={{ fontSize: '0.75rem', color: '#54656f', mt: 0.5 }}>
          Business account
        </Typography>
      </Box>
      <Box sx={{ m: 2, p: 1.5, borderRadius: 2, bgcolor: '#f0f2f5' }}>
        <Typography component="p" sx={{ fontSize: '0.75rem', color: '#54656f' }}>
          About
        </Typography>
        <Typography
          component="p"
          sx={{ fontSize: '0.875rem', color: '#111b21', wordBreak: 'break-word' }}
          data-testid="preview-about"
        >
          {values.about.trim() || 'A short line about your business.'}
        </Typography>
      </Box>
      <Box sx={{ mx: 2, p: 1.5, borderRadius: 2, bgcolor: '#f0f2f5' }}>
        <Typography component="p" sx={{ fontSize: '0.75rem', color: '#54656f' }}>
          Category
        </Typography>
        <Typography
          component="p"
          sx={{ fontSize: '0.875rem', color: '#111b21' }}
          data-testid="preview-category"
        >
          {category ?? 'Not chosen yet'}
        </Typography>
      </Box>
    </Handset>
  );
}
