import type { HTMLAttributes, ReactNode } from 'react';

export function Card({ className = '', ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={`card ${className}`} {...rest} />;
}

export function CardHeader({
  title,
  description,
  action,
  as: Heading = 'h2',
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  as?: 'h1' | 'h2' | 'h3';
}) {
  return (
    <div className="flex items-start justify-between gap-4 p-5 pb-0 sm:p-6 sm:pb-0">
      <div>
        <Heading className="text-lg font-semibold text-slate-900 dark:text-white">{title}</Heading>
        {description && <p className="mt-1 text-sm muted">{description}</p>}
      </div>
      {action}
    </div>
  );
}

export function CardBody({ className = '', ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={`p-5 sm:p-6 ${className}`} {...rest} />;
}
