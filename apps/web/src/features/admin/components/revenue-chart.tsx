import type { RevenuePoint } from '@numero/contract/admin-reports';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';

// Only what these charts draw: the bundle keeps Chart.js's tree-shaking.
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  Legend,
);

/** Revenue per bucket in BRL and USD (bars) with the order count (line); loaded only on the reports page. */
export default function RevenueChart({
  points,
  labels,
  formatLabel,
}: {
  points: RevenuePoint[];
  labels: { brl: string; usd: string; orders: string; summary: string };
  formatLabel: (bucket: string) => string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: points.map((p) => formatLabel(p.bucket)),
        datasets: [
          {
            label: labels.brl,
            data: points.map((p) => p.BRL / 100),
            backgroundColor: '#0f766e',
            yAxisID: 'y',
          },
          {
            label: labels.usd,
            data: points.map((p) => p.USD / 100),
            backgroundColor: '#60a5fa',
            yAxisID: 'y',
          },
          {
            type: 'line',
            label: labels.orders,
            data: points.map((p) => p.orders),
            borderColor: '#f59e0b',
            backgroundColor: '#f59e0b',
            yAxisID: 'orders',
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: {
          y: { beginAtZero: true, position: 'left' },
          orders: {
            beginAtZero: true,
            position: 'right',
            grid: { drawOnChartArea: false },
            ticks: { precision: 0 },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [points, labels, formatLabel]);
  return (
    <div className="relative h-72">
      <canvas ref={canvas} role="img" aria-label={labels.summary} data-testid="revenue-chart" />
    </div>
  );
}
