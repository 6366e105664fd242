import { useId, useRef, type ReactNode } from 'react';
import './modal-dialog.css';

type Props = {
  /** The dialog's title, which also names it. */
  title: string;
  /** The text of the button that opens it. */
  openLabel: ReactNode;
  openClassName?: string;
  children: ReactNode;
};

/**
 * A button and the modal dialog it opens: the native <dialog> shown with showModal(), so the page behind
 * is inert and Escape closes it. Focus goes to the scrollable body (a keyboard user can read on with the
 * arrow keys at once) and back to the button on close, whatever closed it.
 */
export function ModalDialog({
  title,
  openLabel,
  openClassName = 'button button--secondary',
  children,
}: Props) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const body = useRef<HTMLDivElement>(null);

  const open = () => {
    dialog.current?.showModal();
    body.current?.scrollTo?.({ top: 0 });
    body.current?.focus();
  };

  return (
    <>
      <button ref={opener} type="button" className={openClassName} aria-haspopup="dialog" onClick={open}>
        {openLabel}
      </button>
      <dialog
        ref={dialog}
        className="modal-dialog"
        aria-labelledby={titleId}
        onClose={() => opener.current?.focus()}
      >
        <div className="modal-dialog__header">
          <h2 id={titleId} className="modal-dialog__title">
            {title}
          </h2>
          <button type="button" className="button button--secondary" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
        {/* Focusable so that it scrolls by keyboard (WCAG 2.1.1), named by the title. */}
        <div ref={body} className="modal-dialog__body" role="region" aria-labelledby={titleId} tabIndex={0}>
          {children}
        </div>
      </dialog>
    </>
  );
}
