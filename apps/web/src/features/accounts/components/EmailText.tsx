import Box from '@mui/material/Box';

/** An email that wraps, when it must, only before its '@' (never inside a name or at a hyphen). */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {email.slice(0, at)}
      </Box>
      <wbr />
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {email.slice(at)}
      </Box>
    </>
  );
}
