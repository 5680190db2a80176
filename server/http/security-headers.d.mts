export function securityHeaders(dev?: boolean): { key: string; value: string }[];
export function securityHeaderRecord(dev?: boolean): Record<string, string>;
