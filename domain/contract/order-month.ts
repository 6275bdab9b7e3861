/** The month names of the charts, January first. */
export type MonthLabel = 'Jan' | 'Feb' | 'Mar' | 'Apr' | 'May' | 'Jun' | 'Jul' | 'Aug' | 'Sep' | 'Oct' | 'Nov' | 'Dec';

/** One month of the orders chart. */
export interface OrderMonth {
  /** `YYYY-MM` (UTC). */
  key: string;
  month: MonthLabel;
  year: number;
  /** Orders placed in the month (by createAt). */
  value: number;
  /** Σ totalAmount of those orders, to the cent. */
  revenue: number;
}
