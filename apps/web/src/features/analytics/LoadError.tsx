import { Button } from '../../components/Button.tsx';
import { errorMessage } from '../../lib/api.ts';

/** A failed load, said plainly, with a retry: never a silent blank or invented zeros. */
export function LoadError({
  what,
  error,
  onRetry,
}: {
  what: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <div className="an-error" role="alert">
      <p>
        Could not load {what}. {errorMessage(error)}
      </p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
