/** The green loader (docs/spec.md §9). With a label it is announced as a status. */
export function Spinner({ size = 18, label }: { size?: number; label?: string }) {
  const style = { width: size, height: size };
  if (label) return <span className="spinner" style={style} role="status" aria-label={label} />;
  return <span className="spinner" style={style} aria-hidden="true" />;
}

export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="page-loader">
      <Spinner size={36} label={label} />
    </div>
  );
}
