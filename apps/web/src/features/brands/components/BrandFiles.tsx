import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BRAND_DOCUMENT_MAX_BYTES, BRAND_LOGO, type TBrand } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/lib/http/api-error';
import { documentTypesQueryOptions } from '@/lib/queries/reference-data';
import { TextInput } from '@/lib/ui/TextInput';
import { useRemoveBrandDocument, useUploadBrandDocument, useUploadBrandLogo } from '../api/brand-files';

/** The brand's logo and business documents: each file is checked by the server by its content. */
export function BrandFiles({ brand }: { brand: TBrand }) {
  const types = useQuery(documentTypesQueryOptions);
  const [typeId, setTypeId] = useState('');
  const [typeMissing, setTypeMissing] = useState(false);
  const upload = useUploadBrandDocument();
  const logo = useUploadBrandLogo();
  const remove = useRemoveBrandDocument();
  const error = upload.error ?? logo.error ?? remove.error;

  return (
    <Paper variant="outlined" component="section" aria-labelledby="brand-files" sx={{ p: 2 }}>
      <Typography id="brand-files" variant="h2" sx={{ mb: 2 }}>
        Logo and business documents
      </Typography>
      <Stack spacing={2}>
        <Box>
          <Button
            component="label"
            variant="outlined"
            startIcon={<UploadFileOutlined />}
            disabled={logo.isPending}
          >
            {brand.logo_url ? 'Replace logo' : 'Upload logo'}
            <input
              hidden
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              aria-label="Logo image"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) logo.mutate({ brandId: brand.brand_id, file });
              }}
            />
          </Button>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {BRAND_LOGO.width} x {BRAND_LOGO.height} px, at most {BRAND_LOGO.maxBytes / 1000} KB.
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextInput
            select
            size="small"
            label="Document type"
            value={typeId}
            onChange={(event) => {
              setTypeId(event.target.value);
              setTypeMissing(false);
            }}
            error={typeMissing}
            helperText={
              typeMissing
                ? 'Choose a document type first.'
                : `A PDF of at most ${BRAND_DOCUMENT_MAX_BYTES / 1_000_000} MB.`
            }
            sx={{ minWidth: 280 }}
          >
            {(types.data?.items ?? []).map((item) => (
              <option key={item.id} value={String(item.id)}>
                {item.name}
              </option>
            ))}
          </TextInput>
          <Button
            component="label"
            variant="outlined"
            startIcon={<UploadFileOutlined />}
            disabled={upload.isPending}
            onClick={(event) => {
              if (!typeId) {
                event.preventDefault();
                setTypeMissing(true);
              }
            }}
          >
            Add PDF document
            <input
              hidden
              type="file"
              accept="application/pdf"
              aria-label="Business document (PDF)"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file && typeId)
                  upload.mutate({ brandId: brand.brand_id, documentTypeId: Number(typeId), file });
              }}
            />
          </Button>
        </Box>
        {brand.documents.length > 0 && (
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {brand.documents.map((document) => (
              <li key={document.document_id}>
                <Typography variant="body2" component="span">
                  {document.filename} ({document.document_type})
                </Typography>{' '}
                <Button
                  size="small"
                  color="error"
                  sx={{ color: 'error.dark' }}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate({ brandId: brand.brand_id, documentId: document.document_id })}
                >
                  Remove
                </Button>
              </li>
            ))}
          </Box>
        )}
        {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      </Stack>
    </Paper>
  );
}
