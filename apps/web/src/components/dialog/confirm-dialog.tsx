import { useId, useRef, useState, type ReactNode } from 'react';
import './modal-dialog.css';
import './confirm-dialog.css';

type Props = {
  /** The question the dialog asks, which also names it. */
  title: string;
  /** The text of the button that opens it (with hidden words where several such buttons share a page). */
  openLabel: ReactNode;
  openClassName?: string;
  /** The button that does it, and what it says while it does. */
  confirmLabel: string;
  busyLabel: string;
  /** The button that closes it having done nothing. */
  cancelLabel: string;
  /** What doing it means: the dialog's description. */
  children: ReactNode;
  /** Does it; the dialog closes once it resolves, and says `errorOf` its failure and stays open if it throws. */
  onConfirm: () => Promise<void>;
  errorOf: (err: unknown) => string;
};

/**
 * A button and the modal dialog that asks to confirm what it does, for a step the person cannot take back
 * (the native <dialog> shown with showModal(): the page behind is inert and Escape closes it). Focus
 * starts on the button that does nothing, and goes back to the opener on close, whatever closed it.
 */
export function ConfirmDialog({
  title,
  openLabel,
  openClassName = 'button button--secondary',
  confirmLabel,
  busyLabel,
  cancelLabel,
  children,
  onConfirm,
  errorOf,
}: Props) {
  const titleId = useId();
  const descriptionId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const open = () => {
    setError(null);
    dialog.current?.showModal();
    cancel.current?.focus();
  };

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      dialog.current?.close();
    } catch (err) {
      setError(errorOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button ref={opener} type="button" className={openClassName} aria-haspopup="dialog" onClick={open}>
        {openLabel}
      </button>
      <dialog
        ref={dialog}
        className="modal-dialog confirm-dialog"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        onClose={() => opener.current?.focus()}
      >
        <div className="modal-dialog__header">
          <h2 id={titleId} className="modal-dialog__title">
            {title}
          </h2>
        </div>
        <div className="modal-dialog__body">
          <div id={descriptionId}>{children}</div>
          {error ? (
            <p className="banner banner--error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="confirm-dialog__actions">
            <button
              type="button"
              className="button"
              aria-disabled={busy || undefined}
              onClick={() => void confirm()}
            >
              {busy ? busyLabel : confirmLabel}
            </button>
            <button
              ref={cancel}
              type="button"
              className="button button--secondary"
              onClick={() => dialog.current?.close()}
            >
              {cancelLabel}
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
