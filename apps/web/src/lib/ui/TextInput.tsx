import type { AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ChangeEventHandler, FocusEventHandler, InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Children, isValidElement, useId } from 'react';

export interface TextInputProps {
  label?: ReactNode;
  value?: unknown;
  onChange?: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;
  /**
   * A native select: `children` are its `<option>`s. While nothing is chosen an empty first one is
   * added (unless one has the value ""), so the select does not show a choice that was not made.
   */
  select?: boolean;
  children?: ReactNode;
  error?: boolean;
  helperText?: ReactNode;
  placeholder?: string;
  type?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  required?: boolean;
  disabled?: boolean;
  multiline?: boolean;
  minRows?: number;
  maxRows?: number;
  rows?: number;
  autoComplete?: string;
  autoFocus?: boolean;
  name?: string;
  id?: string;
  inputRef?: Ref<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;
  sx?: SxProps<Theme>;
  /** TextField's slots that the portal's fields use. */
  slotProps?: {
    htmlInput?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string>;
    input?: Pick<OutlinedInputProps, 'startAdornment' | 'endAdornment' | 'readOnly'>;
    inputLabel?: { shrink?: boolean };
    formHelperText?: { sx?: SxProps<Theme> | undefined };
  };
}

const hasEmptyChoice = (children: ReactNode): boolean =>
  Children.toArray(children).some(
    (child) => isValidElement(child) && (child.props as { value?: unknown }).value === '',
  );

/**
 * An outlined text field built from its parts, as MUI documents ("Components": FormControl,
 * InputLabel, OutlinedInput, FormHelperText), with TextField's props for the parts the portal
 * uses. TextField imports Select (and with it Menu, Popover, MenuList and the filled and standard
 * inputs) even for a plain text box; this does not, and its `select` is a native one (MUI's
 * NativeSelect: the portal's choices are text, and a phone shows its own picker), so a page loads
 * none of that (issue 31, point 10; decision 0059).
 */
export function TextInput({
  label,
  helperText,
  error,
  size,
  fullWidth,
  required,
  disabled,
  sx,
  id,
  slotProps,
  select,
  children,
  ...input
}: TextInputProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  // A native select always shows its choice, so its label always sits on the outline.
  const shrink = select ? true : slotProps?.inputLabel?.shrink;
  const outlineLabel =
    required && label !== undefined ? (
      <>
        {label}&thinsp;{'*'}
      </>
    ) : (
      label
    );
  return (
    <FormControl
      variant="outlined"
      size={size}
      fullWidth={fullWidth}
      required={required}
      disabled={disabled}
      error={error}
      sx={sx}
    >
      {label !== undefined && (
        <InputLabel htmlFor={inputId} id={`${inputId}-label`} {...(shrink !== undefined ? { shrink } : {})}>
          {label}
        </InputLabel>
      )}
      {select ? (
        <NativeSelect
          input={<OutlinedInput notched label={outlineLabel} />}
          // A select takes its name (a row's role picker has no visible label) and nothing else of the
          // input's attributes, which are typed for an <input>.
          inputProps={{
            id: inputId,
            'aria-describedby': helperId,
            'aria-label': slotProps?.htmlInput?.['aria-label'],
          }}
          value={input.value ?? ''}
          onChange={input.onChange}
          onBlur={input.onBlur}
          inputRef={input.inputRef}
          autoFocus={input.autoFocus}
          name={input.name}
        >
          {(input.value ?? '') === '' && !hasEmptyChoice(children) && <option value="" />}
          {children}
        </NativeSelect>
      ) : (
        <OutlinedInput
          {...input}
          {...slotProps?.input}
          id={inputId}
          // The outline's notch is as wide as the label, asterisk included (as TextField does it).
          label={outlineLabel}
          {...(shrink ? { notched: true } : {})}
          inputProps={slotProps?.htmlInput}
          aria-describedby={helperId}
        />
      )}
      {helperText && (
        <FormHelperText id={helperId} sx={slotProps?.formHelperText?.sx}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}

/**
 * The input of an Autocomplete (its `renderInput` params), from the same parts as TextInput and
 * wired as TextField wires them: the label and input ids, the input's ref, class and adornments.
 */
export function AutocompleteInput({
  params,
  label,
  placeholder,
  helperText,
  autoFocus,
  size,
}: {
  params: AutocompleteRenderInputParams;
  label: string;
  placeholder?: string;
  helperText?: ReactNode;
  autoFocus?: boolean;
  size?: 'small' | 'medium';
}) {
  const helperId = helperText ? `${params.id}-helper-text` : undefined;
  return (
    <FormControl
      variant="outlined"
      size={size ?? params.size}
      fullWidth={params.fullWidth}
      disabled={params.disabled}
    >
      <InputLabel {...params.slotProps.inputLabel}>{label}</InputLabel>
      <OutlinedInput
        {...params.slotProps.input}
        id={params.id}
        label={label}
        placeholder={placeholder}
        autoFocus={autoFocus}
        inputProps={params.slotProps.htmlInput}
        aria-describedby={helperId}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
