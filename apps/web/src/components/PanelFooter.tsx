import type { ReactNode } from 'react';

/**
 * The footer of a data-source panel: a count on the left (characters, by default), the actions
 * on the right. `count` is shown as given, so each screen keeps its own number format.
 */
export function PanelFooter({
  count,
  countTestId = 'char-count',
  children,
}: {
  count: ReactNode;
  countTestId?: string;
  children: ReactNode;
}) {
  return (
    <footer className="kb-footer">
      <p className="kb-count" data-testid={countTestId}>
        {count}
      </p>
      <div className="kb-footer__actions">{children}</div>
    </footer>
  );
}

/** "Characters <n>", the usual count of a panel footer. */
export function CharacterCount({ value }: { value: ReactNode }) {
  return (
    <>
      Characters <strong>{value}</strong>
    </>
  );
}
