import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  BULK_DECISION_MAX,
  type BulkDecisionAction,
  REVIEW_REASON_MAX,
  type TBulkDecisionRequest,
  type TBulkDecisionResult,
} from '@portico/domain';
import { useId, useState } from 'react';
import { errorMessage } from '@/lib/http/api-error';
import { TextInput } from '@/lib/ui/TextInput';
import { focusOnMount } from './focus';
import type { TableSelection } from './ResponsiveTable';

/** The rows chosen for a bulk decision, with the names they had when chosen (pages and filters move on). */
export interface BulkSelection<Row> extends TableSelection<Row> {
  names: ReadonlyMap<string, string>;
  clear: () => void;
  /** Keeps only these ids chosen (those a decision refused). */
  keep: (ids: readonly string[]) => void;
}

/** Chosen rows of a review list, for `ResponsiveTable`'s `selection` and `BulkDecisions`. */
export function useBulkSelection<Row>({
  rows,
  rowKey,
  rowName,
  when,
}: {
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  rowName: (row: Row) => string;
  when?: (row: Row) => boolean;
}): BulkSelection<Row> {
  const [chosen, setChosen] = useState<ReadonlyMap<string, string>>(() => new Map());
  const visible = new Map((rows ?? []).map((row) => [rowKey(row), rowName(row)]));
  return {
    selected: new Set(chosen.keys()),
    names: chosen,
    rowLabel: (row) => `Choose ${rowName(row)}`,
    ...(when ? { when } : {}),
    onChange: (next) =>
      setChosen(
        (previous) =>
          new Map(
            [...next]
              .slice(0, BULK_DECISION_MAX)
              .map((id) => [id, previous.get(id) ?? visible.get(id) ?? id]),
          ),
      ),
    clear: () => setChosen(new Map()),
    keep: (ids) => setChosen((previous) => new Map([...previous].filter(([id]) => ids.includes(id)))),
  };
}

export interface BulkDecisionTexts {
  /** What is decided, one and many: "launch", "launches". */
  one: string;
  many: string;
  /** What each decision does, said in the dialog (the same words as the one-item page's line). */
  approveEffect: string;
  rejectEffect: string;
}

const plural = (count: number, texts: BulkDecisionTexts) =>
  `${count} ${count === 1 ? texts.one : texts.many}`;

/**
 * Bulk approve and reject on a review list (issue 26, point 4): the count chosen and the two
 * decisions; the dialog names what is decided, says what the decision does, asks one reason (needed
 * to reject), then reports each item's outcome: decided, or refused with the reason.
 */
export function BulkDecisions<Row>({
  selection,
  texts,
  decide,
}: {
  selection: BulkSelection<Row>;
  texts: BulkDecisionTexts;
  /** The list's bulk call (its mutation). */
  decide: (request: TBulkDecisionRequest) => Promise<TBulkDecisionResult>;
}) {
  const [action, setAction] = useState<BulkDecisionAction | null>(null);
  const count = selection.selected.size;
  if (count === 0 && action === null) return null;
  return (
    <>
      {count > 0 && (
        <Box
          role="region"
          aria-label="Bulk decision"
          sx={{
            mx: 2,
            mb: 2,
            px: 2,
            py: 1,
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1,
            alignItems: 'center',
            bgcolor: 'custom.lightest',
            border: 1,
            borderColor: 'primary.light',
            borderRadius: 1,
          }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600, flex: '1 1 160px' }} role="status">
            {plural(count, texts)} chosen
          </Typography>
          <Button variant="contained" color="success" size="small" onClick={() => setAction('approve')}>
            Approve {plural(count, texts)}
          </Button>
          <Button
            variant="outlined"
            size="small"
            // error.main is a shape colour: as text it misses WCAG AA contrast on white.
            sx={{ color: 'error.dark', borderColor: 'error.dark' }}
            onClick={() => setAction('reject')}
          >
            Reject {plural(count, texts)}
          </Button>
          <Button size="small" onClick={selection.clear}>
            Clear
          </Button>
        </Box>
      )}
      {action && (
        <BulkDecisionDialog
          action={action}
          selection={selection}
          texts={texts}
          decide={decide}
          onClose={() => setAction(null)}
        />
      )}
    </>
  );
}

function BulkDecisionDialog<Row>({
  action,
  selection,
  texts,
  decide,
  onClose,
}: {
  action: BulkDecisionAction;
  selection: BulkSelection<Row>;
  texts: BulkDecisionTexts;
  decide: (request: TBulkDecisionRequest) => Promise<TBulkDecisionResult>;
  onClose: () => void;
}) {
  const titleId = useId();
  // The ids as they were when the dialog opened: the outcome names them even after the selection changes.
  const [ids] = useState(() => [...selection.selected]);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [result, setResult] = useState<TBulkDecisionResult | null>(null);
  const reject = action === 'reject';
  const missing = reject && reason.trim() === '';
  const verb = reject ? 'Reject' : 'Approve';
  const nameOf = (id: string) => selection.names.get(id) ?? id;

  const send = async () => {
    setTouched(true);
    if (missing) return;
    setPending(true);
    setError(null);
    try {
      const answer = await decide({ action, ids, reason: reason.trim() || undefined });
      setResult(answer);
      selection.keep(answer.items.filter((item) => item.outcome === 'refused').map((item) => item.id));
    } catch (failure) {
      setError(failure);
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {result ? `${verb}: the outcome` : `${verb} ${plural(ids.length, texts)}?`}
      </DialogTitle>
      <DialogContent>
        {result ? (
          <BulkOutcome
            result={result}
            nameOf={nameOf}
            verb={reject ? 'rejected' : 'approved'}
            texts={texts}
          />
        ) : (
          <>
            <DialogContentText>{reject ? texts.rejectEffect : texts.approveEffect}</DialogContentText>
            <Box
              component="ul"
              aria-label={`The ${texts.many} to ${verb.toLowerCase()}`}
              sx={{ mt: 1, mb: 0, pl: 3 }}
            >
              {ids.slice(0, 10).map((id) => (
                <Typography component="li" variant="body2" key={id}>
                  {nameOf(id)}
                </Typography>
              ))}
              {ids.length > 10 && (
                <Typography component="li" variant="body2" sx={{ color: 'text.secondary' }}>
                  and {ids.length - 10} more
                </Typography>
              )}
            </Box>
            <TextInput
              label={reject ? 'Reason, for every one' : 'Reason, for every one (optional)'}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              onBlur={() => setTouched(true)}
              required={reject}
              error={touched && missing}
              helperText={
                touched && missing
                  ? 'Give a reason: each submitter reads it.'
                  : 'Each submitter reads it in the history and in the mail we send.'
              }
              multiline
              minRows={3}
              fullWidth
              slotProps={{ htmlInput: { maxLength: REVIEW_REASON_MAX } }}
              sx={{ mt: 2 }}
            />
            {pending && (
              <LinearProgress aria-label={`Deciding ${plural(ids.length, texts)}`} sx={{ mt: 2 }} />
            )}
            {error !== null && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {errorMessage(error)}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {result ? (
          <Button variant="contained" onClick={onClose}>
            Close
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button
              variant="contained"
              color={reject ? 'error' : 'success'}
              sx={reject ? { bgcolor: 'error.dark' } : undefined}
              disabled={pending}
              onClick={() => void send()}
            >
              {verb} {plural(ids.length, texts)}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** Each item's outcome: how many were decided, and each refusal with its reason (still chosen, to retry). */
export function BulkOutcome({
  result,
  nameOf,
  verb,
  texts,
}: {
  result: TBulkDecisionResult;
  nameOf: (id: string) => string;
  verb: string;
  texts: BulkDecisionTexts;
}) {
  const refused = result.items.filter((item) => item.outcome === 'refused');
  return (
    // Takes the focus when it appears (issue 26, point 6): the decision's result is read out first.
    <Box
      role="status"
      ref={focusOnMount}
      tabIndex={-1}
      sx={{ display: 'grid', gap: 1.5, '&:focus-visible': { outline: '2px solid', outlineOffset: 2 } }}
    >
      {result.done > 0 && (
        <Alert severity="success">
          {plural(result.done, texts)} {verb}.
        </Alert>
      )}
      {refused.length > 0 && (
        <Alert severity="warning">
          {plural(refused.length, texts)} not {verb}; {refused.length === 1 ? 'it stays' : 'they stay'}{' '}
          chosen:
          <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
            {refused.map((item) => (
              <li key={item.id}>
                <strong>{nameOf(item.id)}</strong>: {item.reason}
              </li>
            ))}
          </Box>
        </Alert>
      )}
    </Box>
  );
}
