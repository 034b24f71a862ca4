import { rem } from '@/shared/ui/rem'
import { useEffect, useRef } from 'react'
import { createChart, type ChartOption } from '../lib/echarts'
import type { EChartsType } from 'echarts/core'

type ChartProps = {
  option: ChartOption
  /** Design px (375-wide). */
  height?: number
  /** What the chart shows, for assistive technology (the numbers are also in the page text). */
  label: string
}

/** One echarts chart in the dark theme, resized with its box and disposed with the component. */
export function Chart({ option, height = 180, label }: ChartProps) {
  const box = useRef<HTMLDivElement>(null)
  const chart = useRef<EChartsType | null>(null)

  useEffect(() => {
    const element = box.current
    if (!element) return
    const instance = createChart(element)
    chart.current = instance
    const observer = new ResizeObserver(() => instance.resize())
    observer.observe(element)
    return () => {
      observer.disconnect()
      instance.dispose()
      chart.current = null
    }
  }, [])

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true })
  }, [option])

  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height: rem(height) }} />
}
