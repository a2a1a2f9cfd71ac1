import type { ReactNode } from 'react';
import { EmptyInboxIcon } from './icons';

interface EmptyStateProps {
  title: string;
  description?: string;
  icon?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({
  title,
  description,
  icon = <EmptyInboxIcon size={48} />,
  action,
}: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center justify-center px-6 py-16 text-center">
      <div aria-hidden="true" className="mb-4 text-gray-300">
        {icon}
      </div>
      <h2 className="text-lg font-semibold text-gray-800">{title}</h2>
      {description && <p className="mt-1 max-w-sm text-sm text-gray-500">{description}</p>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
