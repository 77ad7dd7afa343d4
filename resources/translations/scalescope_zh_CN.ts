<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>BreakdownExport</name>
    <message>
        <source>Why this number — %1</source>
        <translation>这个数字从何而来 — %1</translation>
    </message>
    <message>
        <source>TTFT %1, TPOT %2: where the time of each pass goes, on one GPU of the slowest stage, largest first.</source>
        <translation>TTFT %1，TPOT %2：每次前向的时间花在哪里（最慢阶段的一个 GPU 上），从大到小排列。</translation>
    </message>
    <message>
        <source>Step %1: where the time goes per step, on one GPU of the bottleneck stage, largest exposed time first.</source>
        <translation>训练步 %1：每步的时间花在哪里（瓶颈阶段的一个 GPU 上），按暴露时间从大到小排列。</translation>
    </message>
    <message>
        <source>page %1 of %2</source>
        <translation>第 %1 页，共 %2 页</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>来源</translation>
    </message>
</context>
<context>
    <name>DrillPath</name>
    <message>
        <source>Rack %1</source>
        <translation>机架 %1</translation>
    </message>
    <message>
        <source>Node %1</source>
        <translation>节点 %1</translation>
    </message>
    <message>
        <source>Tray %1</source>
        <translation>托盘 %1</translation>
    </message>
    <message>
        <source>Superchip %1</source>
        <translation>超级芯片 %1</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>SM %1</source>
        <translation>SM %1</translation>
    </message>
</context>
<context>
    <name>LessonChooser</name>
    <message>
        <source>Lessons</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>%1 — about %2 min, %3</source>
        <translation>%1 — 约 %2 分钟，%3</translation>
    </message>
    <message>
        <source>1 step</source>
        <translation>1 步</translation>
    </message>
    <message>
        <source>%1 steps</source>
        <translation>%1 步</translation>
    </message>
</context>
<context>
    <name>LessonDeck</name>
    <message>
        <source>Predict:</source>
        <translation>预测：</translation>
    </message>
    <message>
        <source>The model says:</source>
        <translation>模型给出：</translation>
    </message>
    <message>
        <source>The &quot;%1&quot; view is shown as the planner in this deck.</source>
        <translation>本讲义中“%1”视图以规划器代替显示。</translation>
    </message>
    <message>
        <source>%1 · step %2 of %3</source>
        <translation>%1 · 第 %2 步，共 %3 步</translation>
    </message>
    <message>
        <source>%1: one superchip&apos;s share of the job</source>
        <translation>%1：一颗超级芯片承担的部分</translation>
    </message>
</context>
<context>
    <name>Navigator</name>
    <message>
        <source>Planner</source>
        <translation>规划器</translation>
    </message>
    <message>
        <source>Parallelism sliders, the live compute-versus-communication timeline, memory per GPU, headline numbers and verdicts.</source>
        <translation>并行度滑块、实时的计算与通信时间线、每 GPU 内存、核心指标与结论。</translation>
    </message>
    <message>
        <source>Sharding map</source>
        <translation>分片图</translation>
    </message>
    <message>
        <source>Every GPU of the job coloured by its tensor-parallel group, pipeline stage, data-parallel replica or expert group.</source>
        <translation>作业中的每个 GPU，按张量并行组、流水线阶段、数据并行副本或专家组着色。</translation>
    </message>
    <message>
        <source>Chip</source>
        <translation>芯片</translation>
    </message>
    <message>
        <source>The GPU package: dies, the SM array, L2, HBM stacks, NVLink, PCIe and C2C ports.</source>
        <translation>GPU 封装：裸片、SM 阵列、L2、HBM 堆栈，以及 NVLink、PCIe 和 C2C 端口。</translation>
    </message>
    <message>
        <source>SM</source>
        <translation>SM</translation>
    </message>
    <message>
        <source>One streaming multiprocessor: sub-partitions, lanes, Tensor Cores, registers, shared memory and occupancy.</source>
        <translation>单个流式多处理器：子分区、运算通道、Tensor Core、寄存器、共享内存与占用率。</translation>
    </message>
    <message>
        <source>Memory hierarchy</source>
        <translation>内存层次</translation>
    </message>
    <message>
        <source>Superchip</source>
        <translation>超级芯片</translation>
    </message>
    <message>
        <source>Grace with one or two GPUs over NVLink-C2C: does the model fit in HBM and LPDDR5X?</source>
        <translation>Grace 通过 NVLink-C2C 连接一到两个 GPU：模型能否装入 HBM 与 LPDDR5X？</translation>
    </message>
    <message>
        <source>Rack</source>
        <translation>机柜</translation>
    </message>
    <message>
        <source>The 42U elevation of an NVL72 rack or an 8-GPU node, with per-tray power.</source>
        <translation>NVL72 机柜或 8-GPU 节点的 42U 立面图，含每个托盘的功耗。</translation>
    </message>
    <message>
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <source>The network graph: NVLink domains, leaf and spine switches, bisection bandwidth and hop counts.</source>
        <translation>网络图：NVLink 域、叶交换机与脊交换机、对分带宽与跳数。</translation>
    </message>
    <message>
        <source>Power &amp; cooling</source>
        <translation>功耗与冷却</translation>
    </message>
    <message>
        <source>Rack and cluster power, feeds, coolant flow, energy and cost per token.</source>
        <translation>机柜与集群功耗、供电馈线、冷却液流量、每 token 的能耗与成本。</translation>
    </message>
    <message>
        <source>Specs</source>
        <translation>规格</translation>
    </message>
    <message>
        <source>Every GPU, CPU, superchip, system and model, each value with its unit and source.</source>
        <translation>所有 GPU、CPU、超级芯片、系统与模型，每个数值都带单位和来源。</translation>
    </message>
    <message>
        <source>Registers to network: capacity and bandwidth on log scales, with a roofline chart.</source>
        <translation>从寄存器到网络：对数刻度上的容量与带宽，并附屋顶线（Roofline）图。</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>扫描</translation>
    </message>
    <message>
        <source>Step time, MFU, memory per GPU and exposed communication against one parallelism axis, with the NVLink domain boundary and the memory limit.</source>
        <translation>步时间、MFU、每 GPU 内存和暴露通信随某一并行维度的变化，并标出 NVLink 域边界和内存上限。</translation>
    </message>
</context>
<context>
    <name>PlannerExport</name>
    <message>
        <source>Nothing to export: the scenario does not evaluate (%1).</source>
        <translation>无可导出：该场景无法求值（%1）。</translation>
    </message>
    <message>
        <source>Export view</source>
        <translation>导出视图</translation>
    </message>
    <message>
        <source>SVG image (*.svg)</source>
        <translation>SVG 图像 (*.svg)</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Why this number (per-operation table)</source>
        <translation>这个数字从何而来（逐操作表）</translation>
    </message>
    <message>
        <source>Export from the planner:</source>
        <translation>从规划器导出：</translation>
    </message>
    <message>
        <source>Planner (figures, memory, timeline, verdicts)</source>
        <translation>规划器（核心指标、内存、时间线、结论）</translation>
    </message>
    <message>
        <source>Throughput–latency chart</source>
        <translation>吞吐量–延迟图</translation>
    </message>
</context>
<context>
    <name>PlannerPageExport</name>
    <message>
        <source>Planner — %1</source>
        <translation>规划器 — %1</translation>
    </message>
    <message>
        <source>Planner — B: %1, compared with A: %2</source>
        <translation>规划器 — B：%1，与 A：%2 对比</translation>
    </message>
</context>
<context>
    <name>ReportAction</name>
    <message>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>The scenario has no result to report: fix the problems the planner lists first.</source>
        <translation>该场景没有可报告的结果：请先修正规划器列出的问题。</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
</context>
<context>
    <name>ReportExport</name>
    <message>
        <source>Scenario report — %1</source>
        <translation>场景报告 — %1</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>并行布局</translation>
    </message>
    <message>
        <source>Inference settings</source>
        <translation>推理设置</translation>
    </message>
    <message>
        <source>Training settings</source>
        <translation>训练设置</translation>
    </message>
    <message>
        <source>Headline numbers</source>
        <translation>核心指标</translation>
    </message>
    <message>
        <source>Time to first token (TTFT)</source>
        <translation>首 token 时间（TTFT）</translation>
    </message>
    <message>
        <source>Time per output token (TPOT)</source>
        <translation>每输出 token 时间（TPOT）</translation>
    </message>
    <message>
        <source>Tokens/s per GPU</source>
        <translation>每 GPU Token/秒</translation>
    </message>
    <message>
        <source>Tokens/s per user</source>
        <translation>每用户 Token/秒</translation>
    </message>
    <message>
        <source>Cost per million output tokens</source>
        <translation>每百万输出 token 成本</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>步时间</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Exposed communication per step</source>
        <translation>每步暴露通信</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每 GPU 内存</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>How far to trust these numbers</source>
        <translation>这些数字的可信程度</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>None.</source>
        <translation>无。</translation>
    </message>
    <message>
        <source>Communication and memory — %1</source>
        <translation>通信与内存 — %1</translation>
    </message>
    <message>
        <source>Communication per parallel axis, per step</source>
        <translation>每个并行维度的通信（每步）</translation>
    </message>
    <message>
        <source>Axis</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>Bytes per step</source>
        <translation>每步字节数</translation>
    </message>
    <message>
        <source>Network tier</source>
        <translation>网络层级</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Exposed</source>
        <translation>暴露</translation>
    </message>
    <message>
        <source>Each pass&apos;s collectives are rows of the per-operation breakdown (stream tp, ep, pp), with their time and source.</source>
        <translation>每次前向的集合通信是逐操作分解表中的行（流 tp、ep、pp），附时间与来源。</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Optimizer state</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>KV cache spilled to CPU memory</source>
        <translation>溢出到 CPU 内存的 KV 缓存</translation>
    </message>
    <message>
        <source>Communication buffers</source>
        <translation>通信缓冲区</translation>
    </message>
    <message>
        <source>Reserved (runtime, fragmentation)</source>
        <translation>预留（运行时、碎片）</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>是否装得下</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>Rack</source>
        <translation>机柜</translation>
    </message>
    <message>
        <source>Network topology</source>
        <translation>网络拓扑</translation>
    </message>
    <message>
        <source>GPU package</source>
        <translation>GPU 封装</translation>
    </message>
    <message>
        <source>Cover: inputs, headline numbers, trust, warnings</source>
        <translation>封面：输入、核心指标、可信度、警告</translation>
    </message>
    <message>
        <source>The planner</source>
        <translation>规划器</translation>
    </message>
    <message>
        <source>Timeline: prefill and decode step, whole</source>
        <translation>时间线：预填充与解码步（完整）</translation>
    </message>
    <message>
        <source>Timeline: the whole step</source>
        <translation>时间线：完整训练步</translation>
    </message>
    <message>
        <source>Timeline: the first %1 % of each pass, zoomed</source>
        <translation>时间线：每次前向的前 %1 %（放大）</translation>
    </message>
    <message>
        <source>Per-operation breakdown, with sources</source>
        <translation>逐操作分解（附来源）</translation>
    </message>
    <message>
        <source>Communication per axis and memory per GPU</source>
        <translation>各维度通信与每 GPU 内存</translation>
    </message>
    <message>
        <source>Sharding map</source>
        <translation>分片图</translation>
    </message>
    <message>
        <source>Power, cooling, energy and cost</source>
        <translation>功耗、冷却、能耗与成本</translation>
    </message>
    <message>
        <source>Throughput against latency</source>
        <translation>吞吐量与延迟</translation>
    </message>
    <message>
        <source>Sources of the breakdown&apos;s numbers</source>
        <translation>分解表数字的来源</translation>
    </message>
    <message>
        <source>ScaleScope %1 · %2 · %3</source>
        <translation>ScaleScope %1 · %2 · %3</translation>
    </message>
    <message>
        <source>page %1 of %2</source>
        <translation>第 %1 页，共 %2 页</translation>
    </message>
    <message>
        <source>Comparison: A (%1) pinned, this scenario as B</source>
        <translation>对比：固定 A（%1），本场景为 B</translation>
    </message>
</context>
<context>
    <name>TableExport</name>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Save as CSV…</source>
        <translation>另存为 CSV…</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Save as CSV</source>
        <translation>另存为 CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
</context>
<context>
    <name>Timeline</name>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <source>backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>weight gradient</source>
        <translation>权重梯度</translation>
    </message>
    <message>
        <source>recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>optimizer step</source>
        <translation>优化器更新</translation>
    </message>
</context>
<context>
    <name>TimelineExport</name>
    <message>
        <source>Prefill of one batch&apos;s prompts — %1 (TTFT %2)</source>
        <translation>一批提示词的预填充 — %1（TTFT %2）</translation>
    </message>
    <message>
        <source>Decode step — %1 (TPOT %2)</source>
        <translation>解码步 — %1（TPOT %2）</translation>
    </message>
    <message>
        <source>Prefill and decode timelines — %1</source>
        <translation>预填充与解码时间线 — %1</translation>
    </message>
    <message>
        <source>Step timeline — %1</source>
        <translation>训练步时间线 — %1</translation>
    </message>
    <message>
        <source>Every pipeline stage&apos;s compute and the communication lanes it uses, each pass on its own time scale.</source>
        <translation>每个流水线阶段的计算及其使用的通信通道；预填充与解码各用自己的时间刻度。</translation>
    </message>
    <message>
        <source>One training step of %1: every pipeline stage&apos;s compute and its communication lanes; exposed communication solid, overlapped hatched, the pipeline bubble hatched grey.</source>
        <translation>一个训练步，耗时 %1：每个流水线阶段的计算及其通信通道；暴露的通信为实心，被重叠的通信为网纹，流水线气泡为灰色斜纹。</translation>
    </message>
    <message>
        <source>Shown: %1 to %2.</source>
        <translation>显示范围：%1 至 %2。</translation>
    </message>
    <message>
        <source>(drawn whole: it ends before the window)</source>
        <translation>（完整绘制：它在所选时间窗口之前就已结束）</translation>
    </message>
</context>
<context>
    <name>TraceExport</name>
    <message>
        <source>The scenario has no result to trace: fix the problems the planner shows first.</source>
        <translation>该场景没有可导出跟踪的结果：请先修正规划器显示的问题。</translation>
    </message>
    <message>
        <source>This step schedules %1 pipeline operations, more than the planner builds a timeline for; write its trace with scalescope-cli trace.</source>
        <translation>此步骤调度 %1 个流水线操作，超过规划器构建时间线的上限；请用 scalescope-cli trace 写出其跟踪。</translation>
    </message>
    <message>
        <source>This scenario has no timeline to trace (traces are of training steps).</source>
        <translation>该场景没有可跟踪的时间线（跟踪针对训练步骤）。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Export trace</source>
        <translation>导出跟踪</translation>
    </message>
    <message>
        <source>The planner has not evaluated a scenario yet.</source>
        <translation>规划器尚未评估任何场景。</translation>
    </message>
    <message>
        <source>Chrome trace (*.json)</source>
        <translation>Chrome 跟踪 (*.json)</translation>
    </message>
</context>
<context>
    <name>Verdicts</name>
    <message>
        <source>%1 per GPU spills to LPDDR5X over NVLink-C2C, adding %2 per step</source>
        <translation>每 GPU 有 %1 经 NVLink-C2C 溢出到 LPDDR5X，每步增加 %2</translation>
    </message>
    <message>
        <source>%1 layers do not split evenly over %2 pipeline stages: the largest stage has %3 layers</source>
        <translation>%1 层无法均分到 %2 个流水线阶段：最大的阶段有 %3 层</translation>
    </message>
    <message>
        <source>%1 communication is exposed for %2 per step (%3 % of the step)</source>
        <translation>%1 通信每步暴露 %2（占步时间 %3 %）</translation>
    </message>
    <message>
        <source>%1 = %2 does not divide the %3-GPU NVLink domain: some of its groups straddle a domain boundary and cross the scale-out network</source>
        <translation>%1 = %2 不能整除 %3 个 GPU 的 NVLink 域：部分组跨越域边界，要经过横向扩展网络</translation>
    </message>
    <message>
        <source>TP = %1 spans %2 NVLink domains: its AllGather runs at %3 per GPU instead of over NVLink</source>
        <translation>TP = %1 跨越 %2 个 NVLink 域：其 AllGather 每 GPU 仅以 %3 运行，而不是走 NVLink</translation>
    </message>
    <message>
        <source>EP = %1 spans %2 NVLink domains: the expert AllToAll crosses the scale-out network</source>
        <translation>EP = %1 跨越 %2 个 NVLink 域：专家 AllToAll 需经过横向扩展网络</translation>
    </message>
    <message>
        <source>CP = %1 spans %2 NVLink domains: ring attention crosses the scale-out network</source>
        <translation>CP = %1 跨越 %2 个 NVLink 域：环形注意力需经过横向扩展网络</translation>
    </message>
    <message>
        <source>per-GPU batch %1 tokens is below the DP critical batch of ~%2 tokens: data-parallel communication cannot hide behind compute</source>
        <translation>每 GPU 批量 %1 个 token，低于数据并行临界批量约 %2 个 token：数据并行通信无法被计算掩盖</translation>
    </message>
    <message>
        <source>TP = %1 is above the compute-bound limit F·W/C ≈ %2: tensor-parallel communication dominates the MLP</source>
        <translation>TP = %1 超过计算受限上限 F·W/C ≈ %2：张量并行通信主导了 MLP</translation>
    </message>
    <message>
        <source>needs %1 per GPU but only %2 of HBM is usable (%3 over)</source>
        <translation>每 GPU 需要 %1，但可用 HBM 只有 %2（超出 %3）</translation>
    </message>
    <message>
        <source>the pipeline bubble is %1 % of the step: use more micro-batches (now %2) or interleaving</source>
        <translation>流水线气泡占每步的 %1 %：请增加微批次数（当前 %2）或使用交错调度</translation>
    </message>
    <message>
        <source>ZeRO-3 with pipeline parallelism gathers the weights for every micro-batch (seed 004): ZeRO-1 fits and is %1 % faster by this model</source>
        <translation>ZeRO-3 与流水线并行同用时，每个微批次都要重新收集权重（seed 004）：ZeRO-1 放得下，且按本模型快 %1 %</translation>
    </message>
    <message>
        <source>measured mode: GEMMs, attention and memory-bound kernels at calibrated efficiencies, collectives at measured NCCL efficiencies (about 82 % of link bandwidth for large messages, much less for small ones)</source>
        <translation>实测模式：GEMM、注意力和访存受限内核按校准效率计算，集合通信按实测 NCCL 效率计算（大消息约为链路带宽的 82 %，小消息低得多）</translation>
    </message>
    <message>
        <source>theoretical mode: the pure roofline (dense Tensor Core peak, nominal HBM and link bandwidth); real runs are slower</source>
        <translation>理论模式：纯屋顶线（稠密 Tensor Core 峰值、标称 HBM 与链路带宽）；实际运行更慢</translation>
    </message>
    <message>
        <source>BF16 MFU %1 % is above the best published run of its class on any GPU (%2 %): treat this number with suspicion</source>
        <translation>BF16 MFU %1 % 高于所有 GPU 上同类已发表运行的最好成绩（%2 %）：请谨慎看待这个数字</translation>
    </message>
    <message>
        <source>no kernel measurements for this GPU: its efficiencies are carried over from another GPU generation (an assumption)</source>
        <translation>此 GPU 没有内核实测数据：其效率沿用自另一代 GPU（属于假设）</translation>
    </message>
    <message>
        <source>one step takes %1 tokens, more than the whole training budget of %2 tokens: check global_batch and seq_len</source>
        <translation>一步用掉 %1 个 token，超过了整个训练预算 %2 个 token：请检查 global_batch 和 seq_len</translation>
    </message>
    <message>
        <source>one step takes %1 tokens, %2× the critical batch bound of %3 tokens (Kaplan et al. 2020): beyond it more tokens per step buy no faster training; check global_batch</source>
        <translation>一步用掉 %1 个 token，是临界批大小上界 %3 个 token（Kaplan 等，2020）的 %2 倍：超过它后每步再多的 token 也不会训练得更快；请检查 global_batch</translation>
    </message>
    <message>
        <source>the scenario&apos;s attention_kernel has no measurements for this GPU family: its default attention kernel is used</source>
        <translation>场景的 attention_kernel 在此 GPU 系列上没有实测数据：改用其默认注意力内核</translation>
    </message>
    <message>
        <source>does not fit: %1 per GPU of weights, KV cache and activations against %2 of usable HBM</source>
        <translation>放不下：每 GPU 的权重、KV 缓存与激活共 %1，可用 HBM 只有 %2</translation>
    </message>
    <message>
        <source>GEMMs of %1 tokens lie below the smallest measured M (%2): costed as the larger of their FLOPs at the table&apos;s edge and their weight bytes at the measured copy bandwidth (an assumption)</source>
        <translation>%1 个 token 的 GEMM 低于实测的最小 M（%2）：按表边缘效率下的 FLOPs 与按实测拷贝带宽读取权重字节两者中较大者计算（属于假设）</translation>
    </message>
    <message>
        <source>decode attention (one query per sequence) is not measured: costed by its K and V bytes at the measured copy bandwidth (an assumption)</source>
        <translation>解码注意力（每个序列一个查询）没有实测数据：按其 K 与 V 字节以实测拷贝带宽计算（属于假设）</translation>
    </message>
    <message>
        <source>small collectives (decode) are below the measured NCCL sizes: tensor-parallel AllReduces in one NVLink domain as vLLM&apos;s custom all-reduce, others at link rate plus the cited per-step latency (an assumption)</source>
        <translation>小消息集合通信（解码）低于实测的 NCCL 消息大小：同一 NVLink 域内的张量并行 AllReduce 按 vLLM 的自定义 all-reduce 计算，其余按链路速率加上引用的每步延迟计算（属于假设）</translation>
    </message>
    <message>
        <source>energy per token from the power model at the compute utilisation %1 % (memory-bound decode may draw more than its compute use suggests)</source>
        <translation>每 token 能耗按功耗模型在计算利用率 %1 % 下得出（访存受限的解码实际功耗可能高于其计算利用率所示）</translation>
    </message>
    <message>
        <source>%1 of KV cache per GPU lives in the CPU&apos;s memory (kv_offload), read over NVLink-C2C at %2 during decode (an assumption: the spilled share of the final cache at every step)</source>
        <translation>每 GPU 有 %1 的 KV 缓存存放在 CPU 内存中（kv_offload），解码时经 NVLink-C2C 以 %2 读取（属于假设：每一步都按最终缓存的溢出份额计算）</translation>
    </message>
    <message>
        <source>the prefill pool does not fit: %1 per GPU of weights, KV cache and activations against %2 of usable HBM</source>
        <translation>预填充池放不下：每 GPU 的权重、KV 缓存与激活共 %1，可用 HBM 只有 %2</translation>
    </message>
    <message>
        <source>kv_offload has no effect: the system has no CPU memory on NVLink-C2C (a superchip such as GB200)</source>
        <translation>kv_offload 不起作用：该系统没有经 NVLink-C2C 连接的 CPU 内存（如 GB200 这样的超级芯片）</translation>
    </message>
    <message>
        <source>misses the TPOT limit: %1 per output token against at most %2 (tpot_max)</source>
        <translation>未满足 TPOT 上限：每个输出 token %1，上限为 %2（tpot_max）</translation>
    </message>
    <message>
        <source>misses the TTFT limit: %1 to the first token against at most %2 (ttft_max)</source>
        <translation>未满足 TTFT 上限：首个 token 耗时 %1，上限为 %2（ttft_max）</translation>
    </message>
    <message>
        <source>%1 % of the step (%2) is exposed communication over the scale-out network, costed at an assumed %3 % of its line rate (scale_out_achievable_fraction: no published NCCL measurement across many nodes): the step time rests on that assumption</source>
        <translation>步时间的 %1 %（%2）是横向扩展网络上暴露的通信，按假设的线速 %3 % 计价（scale_out_achievable_fraction：尚无跨多节点的已发表 NCCL 实测）：步时间依赖于这一假设</translation>
    </message>
</context>
<context>
    <name>ViewExport</name>
    <message>
        <source>Sources</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>The export size must be at least 200 × 150.</source>
        <translation>导出尺寸至少为 200 × 150。</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>Cannot tell the format of %1: name the file .svg, .png or .pdf, or choose the format.</source>
        <translation>无法判断 %1 的格式：请将文件命名为 .svg、.png 或 .pdf，或选择格式。</translation>
    </message>
    <message>
        <source>%1 ends in .%2 but the format asked for is %3: name the file .%4 or ask for %5.</source>
        <translation>%1 以 .%2 结尾，但所选格式为 %3：请将文件命名为 .%4，或选择 %5 格式。</translation>
    </message>
    <message>
        <source>expected a4, letter or WxH mm (75 to 5000 mm a side, e.g. &quot;300x200 mm&quot;), found &quot;%1&quot;</source>
        <translation>应为 a4、letter 或 宽x高 mm（每边 75 至 5000 mm，例如 &quot;300x200 mm&quot;），实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>The image is too large; lower the resolution.</source>
        <translation>图像过大；请降低分辨率。</translation>
    </message>
</context>
<context>
    <name>scalescope::BreakdownPanel</name>
    <message>
        <source>No evaluation: the scenario has a problem (see the planner&apos;s verdicts).</source>
        <translation>无评估结果：场景有问题（见规划器的结论）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Step %1&lt;/b&gt; on the slowest stage&apos;s GPU = compute %2 (GEMMs %3, grouped GEMMs %4, attention %5, memory-bound %6) + exposed communication %7 + pipeline bubble %8 + optimizer %9.</source>
        <translation>最慢阶段 GPU 上的&lt;b&gt;一步 %1&lt;/b&gt; = 计算 %2（GEMM %3、分组 GEMM %4、注意力 %5、访存受限 %6）+ 暴露的通信 %7 + 流水线气泡 %8 + 优化器 %9。</translation>
    </message>
    <message>
        <source>Exposed by axis: %1.</source>
        <translation>按并行轴的暴露通信：%1。</translation>
    </message>
    <message>
        <source>Every row below is one operation of the model&apos;s cost table, per step, largest exposed time first; hover a source for its citation.</source>
        <translation>下方每一行是模型成本表中的一个操作（按每步计），暴露时间最长的排在最前；将鼠标悬停在来源上可查看引用。</translation>
    </message>
    <message>
        <source>Compute includes %1 of slowdown while communication overlaps it.</source>
        <translation>计算中包含通信与之重叠时的减速 %1。</translation>
    </message>
    <message>
        <source>Attention kernel: %1.</source>
        <translation>注意力内核：%1。</translation>
    </message>
    <message>
        <source>Every row below is one operation of the slowest stage, per pass (prefill or one decode step), largest first; a source marked ⚠ is an assumption where no measurement covers the operation. Hover a source for its citation.</source>
        <translation>下方每一行是最慢阶段的一个操作（按每趟计：预填充或一个解码步），耗时最长的排在最前；标有 ⚠ 的来源是假设，该操作没有实测数据覆盖。将鼠标悬停在来源上可查看引用。</translation>
    </message>
    <message>
        <source>&lt;b&gt;TTFT %1&lt;/b&gt; over %2 stage(s): the slowest stage&apos;s prefill of the batch takes compute %3 + communication %4. &lt;b&gt;TPOT %5&lt;/b&gt;: one decode step on it takes compute %6 + communication %7.</source>
        <translation>&lt;b&gt;TTFT %1&lt;/b&gt;（%2 个阶段）：最慢阶段对该批的预填充耗时 计算 %3 + 通信 %4。&lt;b&gt;TPOT %5&lt;/b&gt;：其上一个解码步耗时 计算 %6 + 通信 %7。</translation>
    </message>
</context>
<context>
    <name>scalescope::ChipScene</name>
    <message>
        <source>%1 — GPU package</source>
        <translation>%1 — GPU 封装</translation>
    </message>
    <message>
        <source>%1 · %2 · %3 SMs · L2 %4 · %5 %6 at %7</source>
        <translation>%1 · %2 · %3 个 SM · L2 %4 · %5 %6，带宽 %7</translation>
    </message>
    <message>
        <source>one die</source>
        <translation>单裸片</translation>
    </message>
    <message>
        <source>%1 dies</source>
        <translation>%1 个裸片</translation>
    </message>
    <message>
        <source>Streaming multiprocessor (SM)</source>
        <translation>流式多处理器（SM）</translation>
    </message>
    <message>
        <source>Tensor Core</source>
        <translation>Tensor Core</translation>
    </message>
    <message>
        <source>L2 cache</source>
        <translation>L2 缓存</translation>
    </message>
    <message>
        <source>HBM stack</source>
        <translation>HBM 堆栈</translation>
    </message>
    <message>
        <source>NVLink port</source>
        <translation>NVLink 端口</translation>
    </message>
    <message>
        <source>PCIe</source>
        <translation>PCIe</translation>
    </message>
    <message>
        <source>Die-to-die link / NVLink-C2C</source>
        <translation>裸片间互连 / NVLink-C2C</translation>
    </message>
    <message>
        <source>%1 SMs on this die</source>
        <translation>本裸片上有 %1 个 SM</translation>
    </message>
    <message>
        <source>Die %1 · %2 SMs</source>
        <translation>裸片 %1 · %2 个 SM</translation>
    </message>
    <message>
        <source>%1 of %2 in all</source>
        <translation>%1（总计 %2）</translation>
    </message>
    <message>
        <source>L2 partitions</source>
        <translation>L2 分区数</translation>
    </message>
    <message>
        <source>L2 cache · %1</source>
        <translation>L2 缓存 · %1</translation>
    </message>
    <message>
        <source>Streaming multiprocessor %1 (die %2)</source>
        <translation>流式多处理器 %1（裸片 %2）</translation>
    </message>
    <message>
        <source>Bandwidth of this stack</source>
        <translation>该堆栈带宽</translation>
    </message>
    <message>
        <source>%1 (%2 over %3 stacks)</source>
        <translation>%1（%2 分摊到 %3 个堆栈）</translation>
    </message>
    <message>
        <source>Transistors</source>
        <translation>晶体管数</translation>
    </message>
    <message>
        <source>%1 billion</source>
        <translation>%1 × 10⁹</translation>
    </message>
    <message>
        <source>%1 package</source>
        <translation>%1 封装</translation>
    </message>
    <message>
        <source>%1 for all %2 links, both directions</source>
        <translation>全部 %2 条链路合计 %1（双向）</translation>
    </message>
    <message>
        <source>NVLink %1 · %2 links
%3 (both directions)</source>
        <translation>NVLink %1 · %2 条链路
%3（双向合计）</translation>
    </message>
    <message>
        <source>PCIe Gen %1</source>
        <translation>PCIe 第 %1 代</translation>
    </message>
    <message>
        <source>NVLink-C2C to the CPU</source>
        <translation>通往 CPU 的 NVLink-C2C</translation>
    </message>
    <message>
        <source>NVLink-C2C
%1</source>
        <translation>NVLink-C2C
%1</translation>
    </message>
    <message>
        <source>Key figures</source>
        <translation>关键指标</translation>
    </message>
    <message>
        <source>SMs</source>
        <translation>SM 数</translation>
    </message>
    <message>
        <source>Clock</source>
        <translation>频率</translation>
    </message>
    <message>
        <source>%1 dense</source>
        <translation>%1 稠密算力</translation>
    </message>
    <message>
        <source>HBM capacity</source>
        <translation>HBM 容量</translation>
    </message>
    <message>
        <source>HBM usable</source>
        <translation>HBM 可用容量</translation>
    </message>
    <message>
        <source>HBM bandwidth</source>
        <translation>HBM 带宽</translation>
    </message>
    <message>
        <source>Power (TDP)</source>
        <translation>功耗（TDP）</translation>
    </message>
    <message>
        <source>%1 SMs in all · %2 sub-partitions per SM · per sub-partition: %3 FP32 lanes, %4 × Tensor Core</source>
        <translation>共 %1 个 SM · 每个 SM %2 个子分区 · 每个子分区：%3 条 FP32 通道、%4 个 Tensor Core</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Die %1 (%2 dies)</source>
        <translation>裸片 %1（共 %2 个裸片）</translation>
    </message>
    <message>
        <source>L2 partition %1 (%2 partitions)</source>
        <translation>L2 分区 %1（共 %2 个分区）</translation>
    </message>
    <message>
        <source>HBM stack %1 (%2 stacks): capacity</source>
        <translation>HBM 堆栈 %1（共 %2 个堆栈）：容量</translation>
    </message>
    <message>
        <source>NVLink %1 port %2 (%3 ports)</source>
        <translation>NVLink %1 端口 %2（共 %3 个端口）</translation>
    </message>
</context>
<context>
    <name>scalescope::ChipView</name>
    <message>
        <source>&amp;GPU:</source>
        <translation>GPU(&amp;G)：</translation>
    </message>
</context>
<context>
    <name>scalescope::DrillDownHistory</name>
    <message>
        <source>&amp;Back</source>
        <translation>后退(&amp;B)</translation>
    </message>
    <message>
        <source>Back to the previous view or level (Alt+Left)</source>
        <translation>返回上一个视图或层级（Alt+Left）</translation>
    </message>
    <message>
        <source>&amp;Forward</source>
        <translation>前进(&amp;F)</translation>
    </message>
    <message>
        <source>Forward again (Alt+Right)</source>
        <translation>再次前进（Alt+Right）</translation>
    </message>
    <message>
        <source>Double-click a tray, superchip, GPU or SM to look inside it</source>
        <translation>双击托盘、超级芯片、GPU 或 SM 可查看其内部</translation>
    </message>
</context>
<context>
    <name>scalescope::GpuSelection</name>
    <message>
        <source>No GPU selected</source>
        <translation>未选择 GPU</translation>
    </message>
    <message>
        <source>GPU %1 selected</source>
        <translation>已选择 GPU %1</translation>
    </message>
    <message>
        <source>GPU %1 selected — rack %2, node %3</source>
        <translation>已选择 GPU %1 — 机架 %2，节点 %3</translation>
    </message>
    <message>
        <source>GPU %1 selected — rack %2, tray %3</source>
        <translation>已选择 GPU %1 — 机架 %2，托盘 %3</translation>
    </message>
</context>
<context>
    <name>scalescope::HardwareScene</name>
    <message>
        <source>Source:</source>
        <translation>来源：</translation>
    </message>
</context>
<context>
    <name>scalescope::HardwareView</name>
    <message>
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <source>+</source>
        <translation>+</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <source>−</source>
        <translation>−</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <source>Wheel: zoom · drag: pan · hover: value and source</source>
        <translation>滚轮：缩放 · 拖动：平移 · 悬停：数值与来源</translation>
    </message>
    <message>
        <source>Showing %1, not the scenario&apos;s %2</source>
        <translation>当前显示 %1，而非场景中的 %2</translation>
    </message>
    <message>
        <source>Follow scenario</source>
        <translation>跟随场景</translation>
    </message>
    <message>
        <source>Show the current scenario&apos;s hardware again</source>
        <translation>重新显示当前场景的硬件</translation>
    </message>
    <message>
        <source>Show the whole view (Ctrl+F)</source>
        <translation>显示整个视图（Ctrl+F）</translation>
    </message>
</context>
<context>
    <name>scalescope::LayoutSuggestions</name>
    <message>
        <source>Suggested layouts</source>
        <translation>推荐布局</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>步时间</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>VPP</source>
        <translation>VPP</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation>ZeRO</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>Memory / GPU</source>
        <translation>内存 / GPU</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>%1 layouts evaluated, %2 fit in memory; the fastest by the model&apos;s step time:</source>
        <translation>已评估 %1 个布局，其中 %2 个放得下显存；按模型算出的步长时间从快到慢：</translation>
    </message>
    <message>
        <source>The best published run of this class, on any GPU: %1, BF16 MFU %2 %. The model puts %3 fitting layouts above it; they are marked “beyond any published run”: no real run has been seen that fast.</source>
        <translation>任何 GPU 上同类已发表运行的最好成绩：%1，BF16 MFU %2 %。模型算出有 %3 个放得下的布局高于它，已标为“超出所有已发表运行”：还没有真实运行达到过这么快。</translation>
    </message>
    <message>
        <source>The best published run of this class, on any GPU: %1, BF16 MFU %2 %. No fitting layout is above it.</source>
        <translation>任何 GPU 上同类已发表运行的最好成绩：%1，BF16 MFU %2 %。没有放得下的布局高于它。</translation>
    </message>
    <message>
        <source>Published runs</source>
        <translation>已发表运行</translation>
    </message>
    <message>
        <source>beyond any published run</source>
        <translation>超出所有已发表运行</translation>
    </message>
    <message>
        <source>BF16 MFU above %1 (%2 %), the best published run of its class</source>
        <translation>BF16 MFU 高于同类已发表运行的最好成绩 %1（%2 %）</translation>
    </message>
</context>
<context>
    <name>scalescope::LessonPanel</name>
    <message>
        <source>Lesson step %1: %2</source>
        <translation>课程第 %1 步：%2</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source>Predict: %1</source>
        <translation>先预测：%1</translation>
    </message>
    <message>
        <source>The model says: %1</source>
        <translation>模型给出：%1</translation>
    </message>
    <message>
        <source>◀ Back</source>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <source>The previous step (Left, Page Up)</source>
        <translation>上一步（←、Page Up）</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <source>The next step (Right, Page Down, Space)</source>
        <translation>下一步（→、Page Down、空格）</translation>
    </message>
    <message>
        <source>Return to step</source>
        <translation>回到本步</translation>
    </message>
    <message>
        <source>Show this step&apos;s view and scenario again after trying things out</source>
        <translation>自行探索之后，重新显示本步的视图和场景</translation>
    </message>
    <message>
        <source>Close lesson</source>
        <translation>关闭课程</translation>
    </message>
    <message>
        <source>Reveal</source>
        <translation>揭晓</translation>
    </message>
    <message>
        <source>The model&apos;s answer for this step&apos;s scenario</source>
        <translation>模型针对本步场景算出的答案</translation>
    </message>
    <message>
        <source>Jump to a step</source>
        <translation>跳到某一步</translation>
    </message>
</context>
<context>
    <name>scalescope::MainWindow</name>
    <message>
        <source>About ScaleScope</source>
        <translation>关于 ScaleScope</translation>
    </message>
    <message>
        <source>&lt;h3&gt;ScaleScope %1&lt;/h3&gt;&lt;p&gt;See an AI system from one GPU&apos;s SMs up to racks of NVL72s, and feel its performance.&lt;/p&gt;&lt;p&gt;User specs: %2&lt;/p&gt;</source>
        <translation>&lt;h3&gt;ScaleScope %1&lt;/h3&gt;&lt;p&gt;从单个 GPU 的 SM 一直看到成排的 NVL72 机柜，并亲身感受其性能。&lt;/p&gt;&lt;p&gt;用户规格目录：%2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>The translation for %1 could not be loaded.</source>
        <translation>无法加载 %1 的翻译。</translation>
    </message>
    <message>
        <source>ScaleScope</source>
        <translation>ScaleScope</translation>
    </message>
    <message>
        <source>%1[*] — ScaleScope</source>
        <translation>%1[*] — ScaleScope</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>%1 (not built yet)</source>
        <translation>%1（尚未实现）</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About ScaleScope</source>
        <translation>关于 ScaleScope(&amp;A)</translation>
    </message>
    <message>
        <source>Views</source>
        <translation>视图</translation>
    </message>
    <message>
        <source>No scenario open</source>
        <translation>未打开场景</translation>
    </message>
    <message>
        <source>Scenario: %1</source>
        <translation>场景：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n spec(s) loaded</source>
        <translation>
            <numerusform>已加载 %n 个规格</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n file(s) skipped</source>
        <translation>
            <numerusform> · 跳过 %n 个文件</numerusform>
        </translation>
    </message>
    <message>
        <source>Export view</source>
        <translation>导出视图</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>&amp;Export view…</source>
        <translation>导出视图(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Planner</source>
        <translation>规划器(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>Follow the &amp;system</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message numerus="yes">
        <source>%n spec file(s) skipped:</source>
        <translation>
            <numerusform>跳过了 %n 个规格文件：</numerusform>
        </translation>
    </message>
    <message>
        <source>Export &amp;trace…</source>
        <translation>导出跟踪(&amp;T)…</translation>
    </message>
    <message>
        <source>Export &amp;report…</source>
        <translation>导出报告(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Lessons…</source>
        <translation>课程(&amp;L)…</translation>
    </message>
</context>
<context>
    <name>scalescope::MemoryBar</name>
    <message>
        <source>%1 of %2 usable HBM per GPU</source>
        <translation>每 GPU 可用 HBM %2 中的 %1</translation>
    </message>
    <message>
        <source>%1 spills to LPDDR5X over NVLink-C2C</source>
        <translation>%1 经 NVLink-C2C 溢出到 LPDDR5X</translation>
    </message>
    <message>
        <source>does not fit: %1 over</source>
        <translation>放不下：超出 %1</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <source>buffers</source>
        <translation>缓冲区</translation>
    </message>
    <message>
        <source>%1 of %2 usable HBM per GPU (the runtime reserves %3 more)</source>
        <translation>每 GPU 可用 HBM %2 中的 %1（运行时另外预留 %3）</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>reserved</source>
        <translation>预留</translation>
    </message>
</context>
<context>
    <name>scalescope::MemoryPage</name>
    <message>
        <source>Hierarchy</source>
        <translation>存储层次</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>屋顶线模型</translation>
    </message>
</context>
<context>
    <name>scalescope::MemoryScene</name>
    <message>
        <source>Memory hierarchy: %1</source>
        <translation>存储层次：%1</translation>
    </message>
    <message>
        <source>From registers to the network, for one %1 GPU. Bars on log scales: each step down holds more and delivers less. Latency is not shown: the specs give none for these levels.</source>
        <translation>单个 %1 GPU 从寄存器到网络的各级存储。条形采用对数刻度：每往下一级，容量更大、带宽更低。未显示延迟：规格中没有给出这些层级的延迟。</translation>
    </message>
    <message>
        <source>HBM</source>
        <translation>HBM</translation>
    </message>
    <message>
        <source>CPU memory</source>
        <translation>CPU 内存</translation>
    </message>
    <message>
        <source>%1 per SM × %2 SMs</source>
        <translation>每 SM %1 × %2 个 SM</translation>
    </message>
    <message>
        <source>Registers</source>
        <translation>寄存器</translation>
    </message>
    <message>
        <source>register files of all SMs</source>
        <translation>全部 SM 的寄存器文件</translation>
    </message>
    <message>
        <source>Register file</source>
        <translation>寄存器文件</translation>
    </message>
    <message>
        <source>SMs</source>
        <translation>SM 数</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Derived&lt;/b&gt;: FP32 lanes (%1) × 3 operands × 4 B × boost clock&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;推导值&lt;/b&gt;：FP32 通道数（%1）× 3 个操作数 × 4 B × 加速频率&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Boost clock</source>
        <translation>加速频率</translation>
    </message>
    <message>
        <source>FP32 lanes per sub-partition</source>
        <translation>每个子分区的 FP32 通道数</translation>
    </message>
    <message>
        <source>SMEM / L1</source>
        <translation>SMEM / L1</translation>
    </message>
    <message>
        <source>shared memory and L1 of all SMs</source>
        <translation>全部 SM 的共享内存与 L1</translation>
    </message>
    <message>
        <source>L1 / shared memory</source>
        <translation>L1 / 共享内存</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Derived&lt;/b&gt;: %1 SMs × 32 banks × 4 B × boost clock (the CUDA bank model)&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;推导值&lt;/b&gt;：%1 个 SM × 32 个存储体 × 4 B × 加速频率（CUDA 存储体模型）&lt;/p&gt;</translation>
    </message>
    <message>
        <source>L2 cache</source>
        <translation>L2 缓存</translation>
    </message>
    <message>
        <source>shared by all SMs</source>
        <translation>全部 SM 共享</translation>
    </message>
    <message>
        <source>L2 capacity</source>
        <translation>L2 容量</translation>
    </message>
    <message>
        <source>L2 bandwidth</source>
        <translation>L2 带宽</translation>
    </message>
    <message>
        <source>HBM capacity usable</source>
        <translation>HBM 可用容量</translation>
    </message>
    <message>
        <source>HBM bandwidth</source>
        <translation>HBM 带宽</translation>
    </message>
    <message>
        <source>LPDDR5X over NVLink-C2C</source>
        <translation>经 NVLink-C2C 访问 LPDDR5X</translation>
    </message>
    <message>
        <source>CPU memory capacity, shared by %1 GPUs</source>
        <translation>CPU 内存容量，由 %1 个 GPU 共享</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Derived&lt;/b&gt;: min(NVLink-C2C, LPDDR5X bandwidth)&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;推导值&lt;/b&gt;：min(NVLink-C2C 带宽, LPDDR5X 带宽)&lt;/p&gt;</translation>
    </message>
    <message>
        <source>NVLink-C2C, both directions</source>
        <translation>NVLink-C2C（双向）</translation>
    </message>
    <message>
        <source>CPU memory bandwidth</source>
        <translation>CPU 内存带宽</translation>
    </message>
    <message>
        <source>Peer HBM</source>
        <translation>对端 HBM</translation>
    </message>
    <message>
        <source>%1 other GPUs over NVLink</source>
        <translation>经 NVLink 访问其他 %1 个 GPU</translation>
    </message>
    <message>
        <source>over NVLink</source>
        <translation>经 NVLink</translation>
    </message>
    <message>
        <source>NVLink %1, both directions</source>
        <translation>NVLink %1（双向）</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Derived&lt;/b&gt;: (%1 GPUs − 1) × HBM capacity&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;推导值&lt;/b&gt;：（%1 个 GPU − 1）× HBM 容量&lt;/p&gt;</translation>
    </message>
    <message>
        <source>GPUs per NVLink domain</source>
        <translation>每个 NVLink 域的 GPU 数</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>%1 GPUs of the cluster</source>
        <translation>集群中的 %1 个 GPU</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Derived&lt;/b&gt;: (cluster GPUs − NVLink domain) × HBM capacity&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;推导值&lt;/b&gt;：（集群 GPU 数 − NVLink 域 GPU 数）× HBM 容量&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Largest cluster</source>
        <translation>最大集群规模</translation>
    </message>
    <message>
        <source>Scale-out NIC bandwidth per GPU</source>
        <translation>每 GPU 横向扩展网卡带宽</translation>
    </message>
    <message>
        <source>Capacity (log scale)</source>
        <translation>容量（对数刻度）</translation>
    </message>
    <message>
        <source>Bandwidth to the SMs (log scale)</source>
        <translation>到 SM 的带宽（对数刻度）</translation>
    </message>
    <message>
        <source>not in the spec</source>
        <translation>规格中未给出</translation>
    </message>
</context>
<context>
    <name>scalescope::MemoryView</name>
    <message>
        <source>&amp;System:</source>
        <translation>系统(&amp;S)：</translation>
    </message>
</context>
<context>
    <name>scalescope::MessageBar</name>
    <message>
        <source>Dismiss this message</source>
        <translation>关闭此消息</translation>
    </message>
</context>
<context>
    <name>scalescope::OperationTableModel</name>
    <message>
        <source>Embedding</source>
        <translation>词嵌入</translation>
    </message>
    <message>
        <source>Attention norm</source>
        <translation>注意力前归一化</translation>
    </message>
    <message>
        <source>QKV projection</source>
        <translation>QKV 投影</translation>
    </message>
    <message>
        <source>Rotary embedding</source>
        <translation>旋转位置编码</translation>
    </message>
    <message>
        <source>Attention (scores · softmax · values)</source>
        <translation>注意力（得分 · softmax · 值）</translation>
    </message>
    <message>
        <source>Attention output projection</source>
        <translation>注意力输出投影</translation>
    </message>
    <message>
        <source>Residual add</source>
        <translation>残差相加</translation>
    </message>
    <message>
        <source>MLP norm</source>
        <translation>MLP 前归一化</translation>
    </message>
    <message>
        <source>MLP up / gate projection</source>
        <translation>MLP 上投影 / 门控投影</translation>
    </message>
    <message>
        <source>Activation (SwiGLU / GELU)</source>
        <translation>激活（SwiGLU / GELU）</translation>
    </message>
    <message>
        <source>MLP down projection</source>
        <translation>MLP 下投影</translation>
    </message>
    <message>
        <source>MoE router</source>
        <translation>MoE 路由器</translation>
    </message>
    <message>
        <source>MoE permute / unpermute</source>
        <translation>MoE 重排 / 还原</translation>
    </message>
    <message>
        <source>Expert grouped GEMMs</source>
        <translation>专家分组 GEMM</translation>
    </message>
    <message>
        <source>Logits (LM head)</source>
        <translation>Logits（语言模型头）</translation>
    </message>
    <message>
        <source>Cross-entropy</source>
        <translation>交叉熵</translation>
    </message>
    <message>
        <source>FP8 casts</source>
        <translation>FP8 类型转换</translation>
    </message>
    <message>
        <source>Optimizer step</source>
        <translation>优化器更新</translation>
    </message>
    <message>
        <source>TP AllGather / ReduceScatter</source>
        <translation>TP AllGather / ReduceScatter</translation>
    </message>
    <message>
        <source>EP AllToAll dispatch</source>
        <translation>EP AllToAll 分发</translation>
    </message>
    <message>
        <source>EP AllToAll combine</source>
        <translation>EP AllToAll 合并</translation>
    </message>
    <message>
        <source>PP send / receive</source>
        <translation>PP 发送 / 接收</translation>
    </message>
    <message>
        <source>DP gradient reduce</source>
        <translation>DP 梯度归约</translation>
    </message>
    <message>
        <source>DP parameter AllGather</source>
        <translation>DP 参数 AllGather</translation>
    </message>
    <message>
        <source>HBM spill over NVLink-C2C</source>
        <translation>经 NVLink-C2C 的 HBM 溢出</translation>
    </message>
    <message>
        <source>forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <source>backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>The pure roofline: dense peak and nominal bandwidth (theoretical mode)</source>
        <translation>纯屋顶线：稠密峰值与标称带宽（理论模式）</translation>
    </message>
    <message>
        <source>Fraction of the nominal peak (compute) or link bandwidth (collectives) this row runs at</source>
        <translation>此行运行时达到的标称峰值（计算）或链路带宽（集合通信）的比例</translation>
    </message>
    <message>
        <source>Overlapped with other work: not on the critical path</source>
        <translation>与其他工作重叠：不在关键路径上</translation>
    </message>
    <message>
        <source>roofline</source>
        <translation>屋顶线</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Runs on</source>
        <translation>运行于</translation>
    </message>
    <message>
        <source>Per step</source>
        <translation>每步次数</translation>
    </message>
    <message>
        <source>Time per step</source>
        <translation>每步时间</translation>
    </message>
    <message>
        <source>Hidden</source>
        <translation>被隐藏</translation>
    </message>
    <message>
        <source>Share of step</source>
        <translation>占步时间</translation>
    </message>
    <message>
        <source>Efficiency</source>
        <translation>效率</translation>
    </message>
    <message>
        <source>FLOPs each</source>
        <translation>每次 FLOPs</translation>
    </message>
    <message>
        <source>Bytes each</source>
        <translation>每次字节</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Compute slowed by overlapped communication</source>
        <translation>与通信重叠时的计算减速</translation>
    </message>
    <message>
        <source>prefill</source>
        <translation>预填充</translation>
    </message>
    <message>
        <source>decode</source>
        <translation>解码</translation>
    </message>
    <message>
        <source>final norm</source>
        <translation>末层归一化</translation>
    </message>
    <message>
        <source>An assumption: no measurement covers this operation here; the model costs it as its source says.</source>
        <translation>这是假设：此处没有实测数据覆盖该操作；模型按其来源所述计算。</translation>
    </message>
    <message>
        <source>TP AllReduce</source>
        <translation>TP AllReduce</translation>
    </message>
    <message>
        <source>Per pass</source>
        <translation>每趟次数</translation>
    </message>
    <message>
        <source>Time per pass</source>
        <translation>每趟时间</translation>
    </message>
    <message>
        <source>Share of pass</source>
        <translation>占每趟时间</translation>
    </message>
    <message>
        <source>the pure roofline</source>
        <translation>纯屋顶线</translation>
    </message>
    <message>
        <source>a shipped measurement</source>
        <translation>随附的实测数据</translation>
    </message>
    <message>
        <source>a curve carried over from another GPU</source>
        <translation>沿用自其他 GPU 的曲线</translation>
    </message>
    <message>
        <source>your own measurement (imported)</source>
        <translation>您自己的实测（已导入）</translation>
    </message>
    <message>
        <source>a labelled assumption</source>
        <translation>已标注的假设</translation>
    </message>
    <message>
        <source>Calibration %1: %2</source>
        <translation>校准 %1：%2</translation>
    </message>
    <message>
        <source>a labelled extrapolation beyond the measured range</source>
        <translation>超出测量范围的已标注外推</translation>
    </message>
    <message>
        <source>MoE router scoring and top-k</source>
        <translation>MoE 路由打分与 top-k 选择</translation>
    </message>
    <message>
        <source>MoE load balancing (expert counts, loss)</source>
        <translation>MoE 负载均衡（专家计数、损失）</translation>
    </message>
    <message>
        <source>MoE load imbalance (busiest expert)</source>
        <translation>MoE 负载不均（最忙专家）</translation>
    </message>
    <message>
        <source>CP K/V exchange</source>
        <translation>CP K/V 交换</translation>
    </message>
    <message>
        <source>CP partial-output merge</source>
        <translation>CP 部分输出合并</translation>
    </message>
    <message>
        <source>MTP norms (hidden state, next-token embedding)</source>
        <translation>MTP 归一化（隐藏状态、下一 token 的嵌入）</translation>
    </message>
    <message>
        <source>MTP projection (2h to h)</source>
        <translation>MTP 投影（2h 到 h）</translation>
    </message>
    <message>
        <source>MoE permute / unpermute (fused)</source>
        <translation>MoE 重排 / 还原（融合）</translation>
    </message>
</context>
<context>
    <name>scalescope::PlannerView</name>
    <message>
        <source>Step time</source>
        <translation>步时间</translation>
    </message>
    <message>
        <source>compute + exposed communication + bubble + optimizer</source>
        <translation>计算 + 暴露通信 + 气泡 + 优化器</translation>
    </message>
    <message>
        <source>MFU (BF16 peak)</source>
        <translation>MFU（BF16 峰值）</translation>
    </message>
    <message>
        <source>model FLOPs per step / (step time × GPUs × BF16 dense Tensor Core peak), the literature&apos;s convention</source>
        <translation>每步模型 FLOPs /（步时间 × GPU 数 × BF16 稠密 Tensor Core 峰值），文献中的惯例</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>Token/秒</translation>
    </message>
    <message>
        <source>global batch × sequence length / step time</source>
        <translation>全局批量 × 序列长度 / 步时间</translation>
    </message>
    <message>
        <source>Tokens/s per GPU</source>
        <translation>每 GPU Token/秒</translation>
    </message>
    <message>
        <source>tokens per second / GPUs</source>
        <translation>每秒 token 数 / GPU 数</translation>
    </message>
    <message>
        <source>Time to train</source>
        <translation>训练时长</translation>
    </message>
    <message>
        <source>training.tokens_total / tokens per second</source>
        <translation>training.tokens_total / 每秒 token 数</translation>
    </message>
    <message>
        <source>— (no token budget)</source>
        <translation>—（未设定 token 总量）</translation>
    </message>
    <message>
        <source>Bubble</source>
        <translation>气泡</translation>
    </message>
    <message>
        <source>idle pipeline time / step time</source>
        <translation>流水线空闲时间 / 步时间</translation>
    </message>
    <message>
        <source>Exposed comm</source>
        <translation>暴露通信</translation>
    </message>
    <message>
        <source>communication on the critical path per step</source>
        <translation>每步位于关键路径上的通信</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>forward + backward + recompute per step on the slowest stage</source>
        <translation>最慢阶段每步的前向 + 反向 + 重计算</translation>
    </message>
    <message>
        <source>&lt;b&gt;Measured&lt;/b&gt;: calibrated kernel and NCCL efficiencies</source>
        <translation>&lt;b&gt;实测&lt;/b&gt;：校准的内核与 NCCL 效率</translation>
    </message>
    <message>
        <source>&lt;b&gt;Theoretical&lt;/b&gt;: the pure roofline at dense peak and nominal bandwidths — real runs are slower</source>
        <translation>&lt;b&gt;理论&lt;/b&gt;：按稠密峰值与标称带宽的纯屋顶线——实际运行更慢</translation>
    </message>
    <message>
        <source>Evaluating…</source>
        <translation>正在评估…</translation>
    </message>
    <message>
        <source>TP %1 · PP %2 · DP %3 · CP %4 · EP %5</source>
        <translation>TP %1 · PP %2 · DP %3 · CP %4 · EP %5</translation>
    </message>
    <message>
        <source> · VPP %1</source>
        <translation> · VPP %1</translation>
    </message>
    <message>
        <source>%1 on %2 GPUs of %3 — %4</source>
        <translation>%1，运行在 %3 的 %2 个 GPU 上 — %4</translation>
    </message>
    <message>
        <source>MFU against the BF16 dense peak: %1 %
MFU against the %2 peak the run computes in: %3 %
HFU (hardware FLOPs, with recompute, against the BF16 peak): %4 %</source>
        <translation>相对 BF16 稠密峰值的 MFU：%1 %
相对运行所用 %2 精度峰值的 MFU：%3 %
HFU（硬件 FLOPs，含重计算，相对 BF16 峰值）：%4 %</translation>
    </message>
    <message>
        <source>✓ No warnings: the layout fits and no communication axis is exposed for more than 5 % of the step.</source>
        <translation>✓ 无警告：布局放得下，且没有哪个通信轴暴露超过步时间的 5 %。</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>A (pinned): TP %1 · PP %2 · DP %3 · CP %4 · EP %5 — %6; B (current) below</source>
        <translation>A（已固定）：TP %1 · PP %2 · DP %3 · CP %4 · EP %5 — %6；B（当前）在下方</translation>
    </message>
    <message>
        <source> (shown, not held to the validation bounds: its published setup is one the model does not describe)</source>
        <translation>（仅展示，不计入验证误差界：其公开的配置超出本模型所能描述的范围）</translation>
    </message>
    <message>
        <source>TP %1 · PP %2 · DP %3 · EP %4</source>
        <translation>TP %1 · PP %2 · DP %3 · EP %4</translation>
    </message>
    <message>
        <source>%1 served on %2 GPUs of %3 — %4</source>
        <translation>%1 在 %3 的 %2 个 GPU 上推理服务 — %4</translation>
    </message>
    <message>
        <source>the largest batch that fits (%1)</source>
        <translation>放得下的最大批量（%1）</translation>
    </message>
    <message>
        <source>a batch of %1 sequences on each of %2 replica(s), %3 prompt + %4 output tokens, weights in %5, KV cache in %6</source>
        <translation>%2 个副本各服务一批 %1 个序列，%3 个提示 token + %4 个输出 token，权重 %5，KV 缓存 %6</translation>
    </message>
    <message>
        <source>TTFT</source>
        <translation>TTFT</translation>
    </message>
    <message>
        <source>time to first token: the prefill of one batch&apos;s prompts through every stage</source>
        <translation>首 token 时间：一批提示经过所有阶段的预填充</translation>
    </message>
    <message>
        <source>TPOT</source>
        <translation>TPOT</translation>
    </message>
    <message>
        <source>time per output token: the mean decode step after the first token, at the mean KV length</source>
        <translation>每输出 token 时间：首 token 之后的平均解码步，按平均 KV 长度计算</translation>
    </message>
    <message>
        <source>Tokens/s per user</source>
        <translation>每用户 Token/秒</translation>
    </message>
    <message>
        <source>1 / TPOT: how fast one request&apos;s tokens stream</source>
        <translation>1 / TPOT：单个请求的 token 输出速度</translation>
    </message>
    <message>
        <source>generated tokens per second of all replicas / GPUs (prefill and decode share the GPUs)</source>
        <translation>所有副本每秒生成的 token 数 / GPU 数（预填充与解码共用 GPU）</translation>
    </message>
    <message>
        <source>Output tokens/s</source>
        <translation>输出 Token/秒</translation>
    </message>
    <message>
        <source>generated tokens per second of all replicas, steady state</source>
        <translation>所有副本每秒生成的 token 数（稳态）</translation>
    </message>
    <message>
        <source>Batch (max)</source>
        <translation>批量（最大）</translation>
    </message>
    <message>
        <source>sequences per replica served, and in brackets the largest batch that fits in usable HBM</source>
        <translation>每个副本服务的序列数，括号内为可用 HBM 放得下的最大批量</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>KV cache per GPU</source>
        <translation>每 GPU KV 缓存</translation>
    </message>
    <message>
        <source>the batch&apos;s KV cache at the last output token, in whole paged blocks, on one GPU</source>
        <translation>批在最后一个输出 token 时的 KV 缓存（按整页块计），单个 GPU 上</translation>
    </message>
    <message>
        <source>Energy per token</source>
        <translation>每 token 能耗</translation>
    </message>
    <message>
        <source>facility energy (PUE included) per generated token; its inverse is tokens per joule</source>
        <translation>每生成一个 token 的设施能耗（含 PUE）；其倒数即每焦耳 token 数</translation>
    </message>
    <message>
        <source>&lt;b&gt;Prefill&lt;/b&gt; of one batch&apos;s prompts — %1 (TTFT %2): every stage&apos;s compute and its communication, stage after stage</source>
        <translation>一批提示的&lt;b&gt;预填充&lt;/b&gt; — %1（TTFT %2）：各阶段依次进行的计算与通信</translation>
    </message>
    <message>
        <source>&lt;b&gt;Decode step&lt;/b&gt; — %1 (TPOT %2): every sequence of the batch, at the mean KV length of %3 tokens</source>
        <translation>&lt;b&gt;解码步&lt;/b&gt; — %1（TPOT %2）：批中的每个序列，按平均 KV 长度 %3 个 token 计算</translation>
    </message>
    <message>
        <source>prefill on its own pool of %1 GPUs, the KV moved to the decode GPUs in %2</source>
        <translation>预填充在独立的 %1 个 GPU 池上进行，KV 经 %2 传到解码 GPU</translation>
    </message>
    <message>
        <source>speculative decoding: %1 tokens per decode step</source>
        <translation>投机解码：每个解码步 %1 个 token</translation>
    </message>
    <message>
        <source> (calibrations: compute %1, network %2)</source>
        <translation>（校准：计算 %1，网络 %2）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>; kernel curves carried over from %1</source>
        <translation>；内核曲线沿用自 %1</translation>
    </message>
    <message>
        <source>%1 — model error %2 % (measured %3, predicted %4 tokens/s per GPU)</source>
        <translation>%1 —— 模型误差 %2 %（实测 %3，预测 %4 token/s 每 GPU）</translation>
    </message>
    <message>
        <source>no published run of this class yet; nearest published run: %1</source>
        <translation>尚无此类别的已发表运行；最接近的已发表运行：%1</translation>
    </message>
    <message>
        <source>nearest published MoE long-context run: %1</source>
        <translation>最接近的已发表 MoE 长上下文运行：%1</translation>
    </message>
    <message>
        <source>nearest published MoE run: %1</source>
        <translation>最接近的已发表 MoE 运行：%1</translation>
    </message>
    <message>
        <source>nearest published long-context run: %1</source>
        <translation>最接近的已发表长上下文运行：%1</translation>
    </message>
    <message>
        <source>nearest published run: %1</source>
        <translation>最接近的已发表运行：%1</translation>
    </message>
    <message>
        <source>, held to the validation bounds</source>
        <translation>，计入验证误差界</translation>
    </message>
    <message>
        <source> · expert TP %1</source>
        <translation> · 专家 TP %1</translation>
    </message>
</context>
<context>
    <name>scalescope::PlannerWorkspace</name>
    <message>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Why this number</source>
        <translation>这个数字从何而来</translation>
    </message>
    <message>
        <source>&amp;New scenario</source>
        <translation>新建场景(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Open scenario…</source>
        <translation>打开场景(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Save scenario</source>
        <translation>保存场景(&amp;S)</translation>
    </message>
    <message>
        <source>Save scenario &amp;as…</source>
        <translation>场景另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Pin as A (compare)</source>
        <translation>固定为 A（对比）(&amp;P)</translation>
    </message>
    <message>
        <source>Suggest &amp;layouts…</source>
        <translation>推荐布局(&amp;L)…</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>Restored the scenario autosaved before ScaleScope last stopped unexpectedly.</source>
        <translation>已恢复 ScaleScope 上次意外退出前自动保存的场景。</translation>
    </message>
    <message>
        <source>Restored the unsaved changes to %1 autosaved before ScaleScope last stopped unexpectedly.</source>
        <translation>已恢复 ScaleScope 上次意外退出前自动保存的 %1 的未保存更改。</translation>
    </message>
    <message>
        <source>Opened the default scenario.</source>
        <translation>已打开默认场景。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <source>Save changes?</source>
        <translation>保存更改？</translation>
    </message>
    <message>
        <source>The scenario “%1” has changes that are not saved. Save them first?</source>
        <translation>场景“%1”有尚未保存的更改。要先保存吗？</translation>
    </message>
    <message>
        <source>Pinned the current scenario as A: numbers now show A beside B.</source>
        <translation>已将当前场景固定为 A：数值旁会同时显示 A 的结果。</translation>
    </message>
    <message>
        <source>Apply suggested layout</source>
        <translation>应用推荐布局</translation>
    </message>
    <message>
        <source>%1 was not opened:
%2</source>
        <translation>未能打开 %1：
%2</translation>
    </message>
    <message>
        <source>Open &amp;preset</source>
        <translation>打开预设(&amp;P)</translation>
    </message>
    <message>
        <source>Open preset</source>
        <translation>打开预设</translation>
    </message>
    <message>
        <source>Training only: comparing and suggesting layouts rank training steps</source>
        <translation>仅限训练：比较与推荐布局都按训练步排序</translation>
    </message>
    <message>
        <source>Set %1 to %2 from the sweep chart</source>
        <translation>从扫描图将 %1 设为 %2</translation>
    </message>
</context>
<context>
    <name>scalescope::PowerScene</name>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>NICs</source>
        <translation>网卡</translation>
    </message>
    <message>
        <source>DPUs</source>
        <translation>DPU</translation>
    </message>
    <message>
        <source>NVSwitch chips</source>
        <translation>NVSwitch 芯片</translation>
    </message>
    <message>
        <source>Fans and pumps</source>
        <translation>风扇与水泵</translation>
    </message>
    <message>
        <source>Power conversion</source>
        <translation>电源转换</translation>
    </message>
    <message>
        <source>Rest of the node</source>
        <translation>节点其余部分</translation>
    </message>
    <message>
        <source>Compute nodes</source>
        <translation>计算节点</translation>
    </message>
    <message>
        <source>Switch trays</source>
        <translation>交换托盘</translation>
    </message>
    <message>
        <source>Network, management, fans</source>
        <translation>网络、管理与风扇</translation>
    </message>
    <message>
        <source>Power and cooling</source>
        <translation>功耗与冷却</translation>
    </message>
    <message>
        <source>The scenario could not be resolved.</source>
        <translation>无法解析该场景。</translation>
    </message>
    <message>
        <source>No result</source>
        <translation>无结果</translation>
    </message>
    <message>
        <source>Power and cooling: %1</source>
        <translation>功耗与冷却：%1</translation>
    </message>
    <message>
        <source>%1 × %2 GPUs: one rack draws %3 at peak; the job&apos;s %4 racks draw %5 of IT power at %6 utilisation and %7 at the facility meter (PUE %8).</source>
        <translation>%1 × %2 个 GPU：单机架峰值功耗 %3；作业占用的 %4 个机架在 %6 利用率下 IT 功耗 %5，设施电表处 %7（PUE %8）。</translation>
    </message>
    <message>
        <source>Power budget: component → rack → facility</source>
        <translation>功耗预算：部件 → 机架 → 设施</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>One %1</source>
        <translation>单个 %1</translation>
    </message>
    <message>
        <source>One rack (peak)</source>
        <translation>单机架（峰值）</translation>
    </message>
    <message>
        <source>This job at the meter</source>
        <translation>本作业（设施电表）</translation>
    </message>
    <message>
        <source>IT at %1 load</source>
        <translation>IT（%1 负载）</translation>
    </message>
    <message>
        <source>Cooling and losses (PUE)</source>
        <translation>冷却与损耗（PUE）</translation>
    </message>
    <message>
        <source>Total %1</source>
        <translation>合计 %1</translation>
    </message>
    <message>
        <source>Rack feeds: %1 × %2 V, %3 redundancy</source>
        <translation>机架供电：%1 路 × %2 V，%3 冗余</translation>
    </message>
    <message>
        <source>Feed %1</source>
        <translation>供电 %1</translation>
    </message>
    <message>
        <source>Normal: %1 (%2) per feed
After the worst failure: %3 (%4) per feed
%5 phase(s), power factor %6</source>
        <translation>正常：每路 %1（%2）
最坏单点故障后：每路 %3（%4）
%5 相，功率因数 %6</translation>
    </message>
    <message>
        <source>Cooling loop: %1, ΔT %2 K</source>
        <translation>冷却回路：%1，ΔT %2 K</translation>
    </message>
    <message>
        <source>Facility water</source>
        <translation>设施冷却水</translation>
    </message>
    <message>
        <source>CDU</source>
        <translation>CDU</translation>
    </message>
    <message>
        <source>Rack cold plates</source>
        <translation>机架冷板</translation>
    </message>
    <message>
        <source>supply %1</source>
        <translation>供液 %1</translation>
    </message>
    <message>
        <source>return %1</source>
        <translation>回液 %1</translation>
    </message>
    <message>
        <source>Flow per rack: %1 (%2 L/min per kW)
Flow for this job: %3 (%4 of heat)</source>
        <translation>每机架流量：%1（每 kW %2 L/min）
本作业流量：%3（热负荷 %4）</translation>
    </message>
    <message>
        <source>Q = P / (ρ · c_p · ΔT): ρ = %1 kg/m³, c_p = %2 J/(kg·K); supply at the fluid&apos;s reference temperature</source>
        <translation>Q = P / (ρ · c_p · ΔT)：ρ = %1 kg/m³，c_p = %2 J/(kg·K)；供液温度取流体的参考温度</translation>
    </message>
    <message>
        <source>Air versus liquid for one rack</source>
        <translation>单机架：风冷与液冷对比</translation>
    </message>
    <message>
        <source>Air: %1 m³/h (%2 CFM) at ΔT %3 K</source>
        <translation>风冷：%1 m³/h（%2 CFM），ΔT %3 K</translation>
    </message>
    <message>
        <source>Liquid: %1 m³/h, %2× less volume</source>
        <translation>液冷：%1 m³/h，体积流量少 %2 倍</translation>
    </message>
    <message>
        <source>Energy and cost of this job</source>
        <translation>本作业的能耗与成本</translation>
    </message>
    <message>
        <source>Evaluation</source>
        <translation>评估</translation>
    </message>
    <message>
        <source>not available for this layout</source>
        <translation>该布局无法评估</translation>
    </message>
    <message>
        <source>Energy per step</source>
        <translation>每步能耗</translation>
    </message>
    <message>
        <source>Energy per million tokens</source>
        <translation>每百万 token 能耗</translation>
    </message>
    <message>
        <source>Tokens per joule</source>
        <translation>每焦耳 token 数</translation>
    </message>
    <message>
        <source>Cost per step</source>
        <translation>每步成本</translation>
    </message>
    <message>
        <source>%1 (electricity %2, GPU time %3)</source>
        <translation>%1（电费 %2，GPU 时间 %3）</translation>
    </message>
    <message>
        <source>Cost per million tokens</source>
        <translation>每百万 token 成本</translation>
    </message>
    <message>
        <source>IT / facility power</source>
        <translation>IT / 设施功耗</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Whole run</source>
        <translation>整个训练</translation>
    </message>
    <message>
        <source>%1 steps in %2 days</source>
        <translation>%1 步，共 %2 天</translation>
    </message>
    <message>
        <source>Run energy</source>
        <translation>训练总能耗</translation>
    </message>
    <message>
        <source>Run cost</source>
        <translation>训练总成本</translation>
    </message>
    <message>
        <source>Prices</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>%1 per kWh, %2 per GPU-hour</source>
        <translation>每 kWh %1，每 GPU 小时 %2</translation>
    </message>
    <message>
        <source>Goodput (effective time)</source>
        <translation>有效产出（有效时间）</translation>
    </message>
    <message>
        <source>%1: %2 failures a day, checkpoint every %3 min (optimum %4 min)</source>
        <translation>%1：每天 %2 次故障，每 %3 分钟一次检查点（最优 %4 分钟）</translation>
    </message>
    <message>
        <source>%1 × %2 GPUs: one rack draws %3 at peak.</source>
        <translation>%1 × %2 个 GPU：单个机柜峰值功耗 %3。</translation>
    </message>
    <message>
        <source>Energy per generated token</source>
        <translation>每生成 token 能耗</translation>
    </message>
    <message>
        <source>Serving: %1 tokens per joule.</source>
        <translation>推理服务：每焦耳 %1 个 token。</translation>
    </message>
    <message>
        <source>Air cooling: ΔT %1 K through the nodes</source>
        <translation>风冷：流经节点的 ΔT 为 %1 K</translation>
    </message>
    <message>
        <source>Air handlers (CRAH)</source>
        <translation>空气处理机组（CRAH）</translation>
    </message>
    <message>
        <source>Cold aisle</source>
        <translation>冷通道</translation>
    </message>
    <message>
        <source>Node fans</source>
        <translation>节点风扇</translation>
    </message>
    <message>
        <source>Hot aisle</source>
        <translation>热通道</translation>
    </message>
    <message>
        <source>Airflow per rack: %1 m³/h (%2 CFM)
Airflow for this job: %3 m³/h (%4 of heat)</source>
        <translation>每机架风量：%1 m³/h（%2 CFM）
本作业风量：%3 m³/h（热负荷 %4）</translation>
    </message>
    <message>
        <source>An air-cooled system: no coolant loop reaches the rack; the room&apos;s air handlers carry the heat away</source>
        <translation>风冷系统：没有冷却液回路进入机架，由机房的空气处理机组带走热量</translation>
    </message>
</context>
<context>
    <name>scalescope::PowerView</name>
    <message>
        <source>%1 K</source>
        <translation>%1 K</translation>
    </message>
    <message>
        <source>Set coolant ΔT to %1 K</source>
        <translation>将冷却液 ΔT 设为 %1 K</translation>
    </message>
    <message>
        <source>Set coolant to %1</source>
        <translation>将冷却液设为 %1</translation>
    </message>
    <message>
        <source>Coolant &amp;ΔT:</source>
        <translation>冷却液 ΔT(&amp;D)：</translation>
    </message>
    <message>
        <source>Temperature rise of the coolant through the rack; the flow follows Q = P / (ρ · c_p · ΔT)</source>
        <translation>冷却液流经机架的温升；流量按 Q = P / (ρ · c_p · ΔT) 计算</translation>
    </message>
    <message>
        <source>C&amp;oolant:</source>
        <translation>冷却液(&amp;O)：</translation>
    </message>
    <message>
        <source>Water</source>
        <translation>水</translation>
    </message>
    <message>
        <source>25 % propylene glycol (PG25)</source>
        <translation>25% 丙二醇溶液（PG25）</translation>
    </message>
</context>
<context>
    <name>scalescope::PresentationMode</name>
    <message>
        <source>&amp;Presentation</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>Full screen for a projector: docks hidden, small text left out (F11 or Esc leaves)</source>
        <translation>适合投影的全屏：隐藏停靠面板，省略过小的文字（按 F11 或 Esc 退出）</translation>
    </message>
</context>
<context>
    <name>scalescope::RackScene</name>
    <message>
        <source>%1 — %2U rack elevation</source>
        <translation>%1 — %2U 机架立面图</translation>
    </message>
    <message>
        <source>liquid</source>
        <translation>液冷</translation>
    </message>
    <message>
        <source>air</source>
        <translation>风冷</translation>
    </message>
    <message>
        <source>Compute tray / node</source>
        <translation>计算托盘 / 节点</translation>
    </message>
    <message>
        <source>NVLink switch tray</source>
        <translation>NVLink 交换托盘</translation>
    </message>
    <message>
        <source>Power shelf</source>
        <translation>电源架</translation>
    </message>
    <message>
        <source>Management</source>
        <translation>管理</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>NVSwitch chip</source>
        <translation>NVSwitch 芯片</translation>
    </message>
    <message>
        <source>NIC</source>
        <translation>网卡</translation>
    </message>
    <message>
        <source>Rack height</source>
        <translation>机架高度</translation>
    </message>
    <message>
        <source>%1 U</source>
        <translation>%1 U</translation>
    </message>
    <message>
        <source>%1U rack</source>
        <translation>%1U 机架</translation>
    </message>
    <message>
        <source>U%1</source>
        <translation>U%1</translation>
    </message>
    <message>
        <source>U%1–U%2</source>
        <translation>U%1–U%2</translation>
    </message>
    <message>
        <source>%1 output rating</source>
        <translation>额定输出 %1</translation>
    </message>
    <message>
        <source>%1 supply</source>
        <translation>供电 %1</translation>
    </message>
    <message>
        <source>Compute tray %1</source>
        <translation>计算托盘 %1</translation>
    </message>
    <message>
        <source>NVLink switch tray %1</source>
        <translation>NVLink 交换托盘 %1</translation>
    </message>
    <message>
        <source>Power shelf %1</source>
        <translation>电源架 %1</translation>
    </message>
    <message>
        <source>Management tray %1</source>
        <translation>管理托盘 %1</translation>
    </message>
    <message>
        <source>%1 · node %2</source>
        <translation>%1 · 节点 %2</translation>
    </message>
    <message>
        <source>Open space</source>
        <translation>空位</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>NVSwitch %1</source>
        <translation>NVSwitch %1</translation>
    </message>
    <message>
        <source>%1 ports × %2</source>
        <translation>%1 个端口 × %2</translation>
    </message>
    <message>
        <source>NIC %1</source>
        <translation>网卡 %1</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>NVLink domain</source>
        <translation>NVLink 域</translation>
    </message>
    <message>
        <source>%1 GPUs (%2)</source>
        <translation>%1 个 GPU（%2）</translation>
    </message>
    <message>
        <source>NVSwitch chips</source>
        <translation>NVSwitch 芯片</translation>
    </message>
    <message>
        <source>%1 × %2 ports</source>
        <translation>%1 × %2 端口</translation>
    </message>
    <message>
        <source>NVSwitch port</source>
        <translation>NVSwitch 端口带宽</translation>
    </message>
    <message>
        <source>Nodes per domain</source>
        <translation>每域节点数</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <source>Node power</source>
        <translation>节点功耗</translation>
    </message>
    <message>
        <source>NICs per node</source>
        <translation>每节点网卡</translation>
    </message>
    <message>
        <source>%1 × %2 %3</source>
        <translation>%1 × %2 %3</translation>
    </message>
    <message>
        <source>Switch trays</source>
        <translation>交换托盘</translation>
    </message>
    <message>
        <source>%1 × %2 chips</source>
        <translation>%1 × %2 颗芯片</translation>
    </message>
    <message>
        <source>Power feeds</source>
        <translation>供电回路</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Rack peak power</source>
        <translation>机架峰值功耗</translation>
    </message>
    <message>
        <source>Power per GPU</source>
        <translation>每 GPU 功耗</translation>
    </message>
    <message>
        <source>Power per CPU</source>
        <translation>每 CPU 功耗</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 · %2 GPUs per NVLink domain · %3 cooling</source>
        <translation>%1 · 每个 NVLink 域 %2 个 GPU · %3</translation>
    </message>
    <message>
        <source> · rack %1 of racks 0–%2: cluster GPUs %3–%4</source>
        <translation> · 机架 %1（机架 0–%2）：集群 GPU %3–%4</translation>
    </message>
    <message>
        <source>GPU %1 (place %2 in rack %3) · %4</source>
        <translation>GPU %1（机架 %3 内位置 %2）· %4</translation>
    </message>
    <message>
        <source>NVSwitch chip %1 of the NVLink domain&apos;s %2</source>
        <translation>NVSwitch 芯片 %1（NVLink 域共 %2 颗）</translation>
    </message>
</context>
<context>
    <name>scalescope::RackView</name>
    <message>
        <source>&amp;System:</source>
        <translation>系统(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Rack:</source>
        <translation>机架(&amp;R)：</translation>
    </message>
    <message>
        <source>Which rack of the cluster: its GPUs are numbered as in the topology and the sharding map</source>
        <translation>集群中的第几个机架：其 GPU 编号与拓扑视图和分片图一致</translation>
    </message>
</context>
<context>
    <name>scalescope::RooflineScene</name>
    <message>
        <source>Roofline: %1</source>
        <translation>屋顶线模型：%1</translation>
    </message>
    <message>
        <source>Attainable FLOP/s against arithmetic intensity (FLOP per byte of HBM traffic), log-log. Below a ridge point an operation is memory-bound, above it compute-bound.</source>
        <translation>可达 FLOP/s 与算术强度（每字节 HBM 流量的 FLOP）的关系，双对数坐标。算术强度低于脊点的运算受内存带宽限制，高于脊点则受算力限制。</translation>
    </message>
    <message>
        <source>Arithmetic intensity (FLOP/byte)</source>
        <translation>算术强度（FLOP/字节）</translation>
    </message>
    <message>
        <source>Attainable TFLOP/s</source>
        <translation>可达 TFLOP/s</translation>
    </message>
    <message>
        <source>HBM %1</source>
        <translation>HBM %1</translation>
    </message>
    <message>
        <source>L2 %1</source>
        <translation>L2 %1</translation>
    </message>
    <message>
        <source>Ceilings</source>
        <translation>上限</translation>
    </message>
    <message>
        <source>HBM: %1</source>
        <translation>HBM：%1</translation>
    </message>
    <message>
        <source>HBM bandwidth</source>
        <translation>HBM 带宽</translation>
    </message>
    <message>
        <source>L2: %1</source>
        <translation>L2：%1</translation>
    </message>
    <message>
        <source>L2 bandwidth</source>
        <translation>L2 带宽</translation>
    </message>
    <message>
        <source>%1 dense: %2, ridge %3 FLOP/B</source>
        <translation>%1 稠密：%2，脊点 %3 FLOP/B</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1 dense peak</source>
        <translation>%1 稠密峰值</translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>运算</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1, %2 → intensity %3 FLOP/B</source>
        <translation>%1，%2 → 算术强度 %3 FLOP/B</translation>
    </message>
    <message>
        <source>Compute-bound: %1 (memory alone %2)</source>
        <translation>算力受限：%1（仅访存 %2）</translation>
    </message>
    <message>
        <source>Memory-bound: %1 (compute alone %2)</source>
        <translation>内存受限：%1（仅计算 %2）</translation>
    </message>
    <message>
        <source>matmul %1 × %2 × %3</source>
        <translation>矩阵乘 %1 × %2 × %3</translation>
    </message>
    <message>
        <source>add %L1</source>
        <translation>逐元素加 %L1</translation>
    </message>
    <message>
        <source>%1 · ridge %2</source>
        <translation>%1 · 脊点 %2</translation>
    </message>
</context>
<context>
    <name>scalescope::RooflineView</name>
    <message>
        <source>&amp;GPU:</source>
        <translation>&amp;GPU：</translation>
    </message>
    <message>
        <source>&amp;Matmul M × K × N:</source>
        <translation>矩阵乘 M × K × N(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Elementwise add N:</source>
        <translation>逐元素加 N(&amp;E)：</translation>
    </message>
    <message>
        <source>M: rows of A and C</source>
        <translation>M：A 与 C 的行数</translation>
    </message>
    <message>
        <source>K: the shared (reduced) dimension</source>
        <translation>K：共享（被归约）的维度</translation>
    </message>
    <message>
        <source>N: columns of B and C</source>
        <translation>N：B 与 C 的列数</translation>
    </message>
</context>
<context>
    <name>scalescope::ScenarioControls</name>
    <message>
        <source>Change system</source>
        <translation>更改系统</translation>
    </message>
    <message>
        <source>Change model</source>
        <translation>更改模型</translation>
    </message>
    <message>
        <source>Change sequence length</source>
        <translation>更改序列长度</translation>
    </message>
    <message>
        <source>Change micro-batch size</source>
        <translation>更改微批次大小</translation>
    </message>
    <message>
        <source>Change precision</source>
        <translation>更改精度</translation>
    </message>
    <message>
        <source>Change ZeRO stage</source>
        <translation>更改 ZeRO 阶段</translation>
    </message>
    <message>
        <source>Change recompute</source>
        <translation>更改重计算</translation>
    </message>
    <message>
        <source>Change schedule</source>
        <translation>更改调度</translation>
    </message>
    <message>
        <source>Change efficiency mode</source>
        <translation>更改效率模式</translation>
    </message>
    <message>
        <source>Toggle SHARP</source>
        <translation>切换 SHARP</translation>
    </message>
    <message>
        <source>Change GPU count</source>
        <translation>更改 GPU 数量</translation>
    </message>
    <message>
        <source>Change global batch</source>
        <translation>更改全局批量</translation>
    </message>
    <message>
        <source>Reorder mesh axes</source>
        <translation>调整网格轴顺序</translation>
    </message>
    <message>
        <source>Set %1 to %2</source>
        <translation>将 %1 设为 %2</translation>
    </message>
    <message>
        <source>Offered: %1</source>
        <translation>可选值：%1</translation>
    </message>
    <message>
        <source>Not offered:</source>
        <translation>不可选：</translation>
    </message>
    <message>
        <source>At most %1 GPUs on %2</source>
        <translation>%2 最多 %1 个 GPU</translation>
    </message>
    <message>
        <source>The %1 has no Tensor Cores for %2</source>
        <translation>%1 没有支持 %2 的 Tensor Core</translation>
    </message>
    <message>
        <source>Interleaving needs a pipeline: PP &gt; 1</source>
        <translation>交错调度需要流水线：PP &gt; 1</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Global batch (sequences)</source>
        <translation>全局批量（序列数）</translation>
    </message>
    <message>
        <source>Micro-batch size</source>
        <translation>微批次大小</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <source>SHARP</source>
        <translation>SHARP</translation>
    </message>
    <message>
        <source>Efficiency</source>
        <translation>效率</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>selective</source>
        <translation>选择性</translation>
    </message>
    <message>
        <source>full</source>
        <translation>完全</translation>
    </message>
    <message>
        <source>in-network reduction</source>
        <translation>网络内归约</translation>
    </message>
    <message>
        <source>measured (calibrated kernels, NCCL)</source>
        <translation>实测（校准内核与 NCCL）</translation>
    </message>
    <message>
        <source>theoretical (roofline)</source>
        <translation>理论（屋顶线）</translation>
    </message>
    <message>
        <source>The GPUs left: GPUs / (TP·PP·CP)</source>
        <translation>剩余的 GPU：GPU 数 / (TP·PP·CP)</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>VPP</source>
        <translation>VPP</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>Axis order</source>
        <translation>轴顺序</translation>
    </message>
    <message>
        <source>Drag to reorder, innermost first: the first axis gets the closest GPUs (same NVLink domain).</source>
        <translation>拖动以调整顺序，最内层在前：第一个轴分到距离最近的 GPU（同一 NVLink 域）。</translation>
    </message>
    <message>
        <source>Tensor parallel: splits every layer&apos;s matrices</source>
        <translation>张量并行：切分每一层的矩阵</translation>
    </message>
    <message>
        <source>Pipeline parallel: splits the layers into stages</source>
        <translation>流水线并行：把各层分成多个阶段</translation>
    </message>
    <message>
        <source>Context parallel: splits the sequence</source>
        <translation>上下文并行：切分序列</translation>
    </message>
    <message>
        <source>Expert parallel: splits the experts across data-parallel ranks</source>
        <translation>专家并行：把专家分布到各数据并行副本上</translation>
    </message>
    <message>
        <source>Virtual pipeline stages per GPU (interleaved 1F1B)</source>
        <translation>每个 GPU 上的虚拟流水线阶段数（交错 1F1B）</translation>
    </message>
    <message>
        <source>Change attention kernel</source>
        <translation>更改注意力内核</translation>
    </message>
    <message>
        <source>Change recomputed layers</source>
        <translation>更改重计算层数</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>default (%1)</source>
        <translation>默认（%1）</translation>
    </message>
    <message>
        <source>%1 (not measured on this GPU)</source>
        <translation>%1（此 GPU 上无实测）</translation>
    </message>
    <message>
        <source>Recomputed layers</source>
        <translation>重计算层数</translation>
    </message>
    <message>
        <source>Attention kernel</source>
        <translation>注意力内核</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>With full recompute: how many layers of each pipeline stage recompute, the others store their activations (Megatron-LM --recompute-num-layers)</source>
        <translation>完全重计算时：每个流水线阶段中重计算的层数，其余各层保存激活（Megatron-LM --recompute-num-layers）</translation>
    </message>
    <message>
        <source>The fused-attention kernel, as measured on this GPU family (cudnn, flash2 = FlashAttention-2, …)</source>
        <translation>融合注意力内核，按此 GPU 系列的实测数据（cudnn、flash2 = FlashAttention-2 等）</translation>
    </message>
    <message>
        <source>per-op (every other matmul)</source>
        <translation>逐算子（隔一个矩阵乘）</translation>
    </message>
    <message>
        <source>Toggle FP8 weights</source>
        <translation>切换 FP8 权重</translation>
    </message>
    <message>
        <source>FP8 weights</source>
        <translation>FP8 权重</translation>
    </message>
    <message>
        <source>kept and gathered in FP8</source>
        <translation>以 FP8 保存并聚合</translation>
    </message>
    <message>
        <source>With FP8 precision: the weights are kept and all-gathered in 1 byte (Megatron-Core --fp8-param-gather, torchtitan float8 all-gather); the optimizer keeps fp32 master weights</source>
        <translation>FP8 精度下：权重以 1 字节保存并做 all-gather（Megatron-Core --fp8-param-gather、torchtitan float8 all-gather）；优化器仍保留 fp32 主权重</translation>
    </message>
    <message>
        <source>Change FP8 scaling</source>
        <translation>更改 FP8 缩放方式</translation>
    </message>
    <message>
        <source>FP8 scaling</source>
        <translation>FP8 缩放</translation>
    </message>
    <message>
        <source>delayed (amax of earlier steps)</source>
        <translation>延迟缩放（取之前步的 amax）</translation>
    </message>
    <message>
        <source>tensorwise (amax read first)</source>
        <translation>逐张量（先读一遍求 amax）</translation>
    </message>
    <message>
        <source>blockwise (scales in the cast)</source>
        <translation>分块（在转换内算缩放）</translation>
    </message>
    <message>
        <source>With FP8 or FP4 precision: how each cast finds its scale. Delayed scaling (Transformer Engine&apos;s default) records the amax in the cast; tensorwise (current) scaling reads the tensor once more for its amax first (NeMo, torchtitan Float8); blockwise scales per tile inside the cast (DeepSeek-V3, MXFP8)</source>
        <translation>FP8 或 FP4 精度下，每次转换如何确定缩放因子：延迟缩放（Transformer Engine 的默认）在转换中记录 amax；逐张量（当前）缩放先把张量多读一遍求 amax（NeMo、torchtitan Float8）；分块缩放在转换内按块计算（DeepSeek-V3、MXFP8）</translation>
    </message>
    <message>
        <source>GPipe</source>
        <translation>GPipe</translation>
    </message>
    <message>
        <source>1F1B</source>
        <translation>1F1B</translation>
    </message>
    <message>
        <source>interleaved 1F1B</source>
        <translation>交错 1F1B</translation>
    </message>
    <message>
        <source>zero bubble</source>
        <translation>零气泡</translation>
    </message>
    <message>
        <source>Change ZeRO-3 weights</source>
        <translation>更改 ZeRO-3 权重保存方式</translation>
    </message>
    <message>
        <source>ZeRO-3 weights</source>
        <translation>ZeRO-3 权重</translation>
    </message>
    <message>
        <source>DeepSpeed: 16-bit shard + fp32 master</source>
        <translation>DeepSpeed：16 位分片 + fp32 主权重</translation>
    </message>
    <message>
        <source>PyTorch FSDP: fp32 shard only</source>
        <translation>PyTorch FSDP：仅 fp32 分片</translation>
    </message>
    <message>
        <source>With ZeRO stage 3: how each GPU keeps its shard of the weights. DeepSpeed keeps a 16-bit shard beside the optimizer&apos;s fp32 master (18 B per parameter with fp32 gradients); PyTorch FSDP (llm-foundry, torchtitan) steps the fp32 shard itself (16 B). Memory only.</source>
        <translation>ZeRO 阶段 3 时：每个 GPU 如何保存自己的权重分片。DeepSpeed 在优化器的 fp32 主权重之外再保留一份 16 位分片（fp32 梯度时每参数 18 B）；PyTorch FSDP（llm-foundry、torchtitan）直接更新 fp32 分片（16 B）。只影响内存。</translation>
    </message>
    <message>
        <source>Change loss kernel</source>
        <translation>更改损失核</translation>
    </message>
    <message>
        <source>Loss kernel</source>
        <translation>损失核</translation>
    </message>
    <message>
        <source>fused (one kernel)</source>
        <translation>融合（单个核）</translation>
    </message>
    <message>
        <source>eager (fp32 chain, Megatron-LM&apos;s default)</source>
        <translation>逐个执行（fp32 核链，Megatron-LM 默认）</translation>
    </message>
    <message>
        <source>How the cross-entropy over the vocabulary runs on the last stage: one fused kernel (--cross-entropy-loss-fusion, torch.compile), or a chain of eager kernels on fp32 logits (Megatron-LM&apos;s default vocab_parallel_cross_entropy), costed at its own measured speed (the kernel calibration&apos;s cross_entropy_eager)</source>
        <translation>最后一个阶段上词表交叉熵的执行方式：一个融合核（--cross-entropy-loss-fusion、torch.compile），或在 fp32 logits 上逐个执行的一串核（Megatron-LM 默认的 vocab_parallel_cross_entropy），按其自身的实测速度计算（内核校准中的 cross_entropy_eager）</translation>
    </message>
    <message>
        <source>Serve the largest batch that fits</source>
        <translation>服务放得下的最大批量</translation>
    </message>
    <message>
        <source>Set batch to %1</source>
        <translation>将批量设为 %1</translation>
    </message>
    <message>
        <source>Change prompt tokens</source>
        <translation>更改提示 token 数</translation>
    </message>
    <message>
        <source>Change output tokens</source>
        <translation>更改输出 token 数</translation>
    </message>
    <message>
        <source>Change serving precision</source>
        <translation>更改推理精度</translation>
    </message>
    <message>
        <source>Change KV cache precision</source>
        <translation>更改 KV 缓存精度</translation>
    </message>
    <message>
        <source>Switch to inference</source>
        <translation>切换到推理</translation>
    </message>
    <message>
        <source>Switch to training</source>
        <translation>切换到训练</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Batch (sequences)</source>
        <translation>批量（序列数）</translation>
    </message>
    <message>
        <source>Prompt tokens</source>
        <translation>提示 token 数</translation>
    </message>
    <message>
        <source>Output tokens</source>
        <translation>输出 token 数</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>Plan a training step: step time, MFU, memory with optimizer state</source>
        <translation>规划训练步：步时间、MFU、含优化器状态的内存</translation>
    </message>
    <message>
        <source>Plan serving: TTFT, TPOT, tokens per second, the KV cache. The training settings are kept and come back when you switch back</source>
        <translation>规划推理服务：TTFT、TPOT、每秒 token 数、KV 缓存。训练设置会保留，切回训练时恢复</translation>
    </message>
    <message>
        <source>max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>Sequences each replica serves at once; “max” (the slider&apos;s last position, or 0): the largest batch that fits in usable HBM</source>
        <translation>每个副本同时服务的序列数；“最大”（滑块最右端，或输入 0）：可用 HBM 放得下的最大批量</translation>
    </message>
    <message>
        <source>Tokens of each request&apos;s prompt (the prefill)</source>
        <translation>每个请求的提示 token 数（预填充）</translation>
    </message>
    <message>
        <source>Tokens each request generates (the first from the prefill, the rest from decode steps)</source>
        <translation>每个请求生成的 token 数（第一个来自预填充，其余来自解码步）</translation>
    </message>
    <message>
        <source>Precision of the weights and the GEMMs while serving</source>
        <translation>推理时权重与 GEMM 的精度</translation>
    </message>
    <message>
        <source>as the weights</source>
        <translation>与权重相同</translation>
    </message>
    <message>
        <source>Precision of the KV cache (bytes per element of K and V)</source>
        <translation>KV 缓存的精度（K 与 V 每个元素的字节数）</translation>
    </message>
    <message>
        <source>Replicas: GPUs / (TP·PP)</source>
        <translation>副本数：GPU 数 / (TP·PP)</translation>
    </message>
    <message>
        <source>Set TPOT limit</source>
        <translation>设置 TPOT 上限</translation>
    </message>
    <message>
        <source>Remove TPOT limit</source>
        <translation>取消 TPOT 上限</translation>
    </message>
    <message>
        <source>Set TTFT limit</source>
        <translation>设置 TTFT 上限</translation>
    </message>
    <message>
        <source>Remove TTFT limit</source>
        <translation>取消 TTFT 上限</translation>
    </message>
    <message>
        <source>TPOT limit</source>
        <translation>TPOT 上限</translation>
    </message>
    <message>
        <source>TTFT limit</source>
        <translation>TTFT 上限</translation>
    </message>
    <message>
        <source>The most time per output token a layout may take: the chart compares the layouts with the most tokens per second per GPU at the largest batch that meets it, and draws it as a line; “none” (0): no limit</source>
        <translation>布局每个输出 token 允许的最长时间：图表比较在满足该上限的最大批量下每 GPU 每秒 token 数最高的布局，并将其画成一条线；“无”（0）：不设上限</translation>
    </message>
    <message>
        <source>The most time to the first token a layout may take: the chart compares the layouts that meet it and draws the points that miss it hollow; “none” (0): no limit</source>
        <translation>布局首个 token 允许的最长时间：图表比较满足该上限的布局，未满足的点画成空心；“无”（0）：不设上限</translation>
    </message>
    <message>
        <source>Change compute calibration</source>
        <translation>更改计算校准</translation>
    </message>
    <message>
        <source>Change network calibration</source>
        <translation>更改网络校准</translation>
    </message>
    <message>
        <source>Kernel calibration</source>
        <translation>内核校准</translation>
    </message>
    <message>
        <source>Network calibration</source>
        <translation>网络校准</translation>
    </message>
    <message>
        <source>The kernel speeds the measured efficiencies rest on: the shipped calibration of this GPU family or one imported with scalescope-cli calibration import</source>
        <translation>实测效率所依据的内核速度：此 GPU 系列随附的校准，或用 scalescope-cli calibration import 导入的校准</translation>
    </message>
    <message>
        <source>The collective efficiencies the measured numbers rest on: the shipped NCCL calibration or one imported from nccl-tests logs</source>
        <translation>实测数字所依据的集合通信效率：随附的 NCCL 校准，或从 nccl-tests 日志导入的校准</translation>
    </message>
    <message>
        <source>Change expert TP</source>
        <translation>更改专家张量并行</translation>
    </message>
    <message>
        <source>same as TP (%1)</source>
        <translation>与 TP 相同（%1）</translation>
    </message>
    <message>
        <source>Expert TP</source>
        <translation>专家 TP</translation>
    </message>
    <message>
        <source>Expert tensor parallel (Megatron-Core --expert-tensor-parallel-size): how many GPUs split each expert. Same as TP: experts split over TP and sharded over DP. Set: MoE parallel folding (Liu et al. 2025), the expert layers lay the TP·CP·DP GPUs of each stage out again as expert TP × EP × expert DP, so EP may take GPUs from TP and CP too</source>
        <translation>专家张量并行（Megatron-Core --expert-tensor-parallel-size）：每个专家由多少块 GPU 切分。与 TP 相同：专家按 TP 切分，并分布到各 DP 副本上。设定后：MoE 并行折叠（Liu et al. 2025），专家层把每个流水线阶段的 TP·CP·DP 块 GPU 重新排布为专家 TP × EP × 专家 DP，因此 EP 也可以使用 TP 和 CP 的 GPU</translation>
    </message>
    <message>
        <source>Change MoE dispatcher</source>
        <translation>更改 MoE 分发器</translation>
    </message>
    <message>
        <source>MoE dispatcher</source>
        <translation>MoE 分发器</translation>
    </message>
    <message>
        <source>all-to-all (NCCL)</source>
        <translation>全对全（NCCL）</translation>
    </message>
    <message>
        <source>DeepEP</source>
        <translation>DeepEP</translation>
    </message>
    <message>
        <source>DeepEP, FP8 dispatch</source>
        <translation>DeepEP，FP8 分发</translation>
    </message>
    <message>
        <source>With expert parallelism: how tokens reach their experts&apos; GPUs and come back. All-to-all: one NCCL all-to-all over the EP group (Megatron-Core&apos;s alltoall dispatcher). DeepEP: NVLink inside a node; across nodes each token crosses the network once per destination node and is forwarded over NVLink, at DeepEP&apos;s published kernel bandwidths. FP8 dispatch sends about half the bytes out (DeepSeek-V3); the combine stays BF16</source>
        <translation>启用专家并行时：token 如何到达其专家所在的 GPU 并返回。全对全：在专家并行组上执行一次 NCCL 全对全（Megatron-Core 的 alltoall 分发器）。DeepEP：节点内走 NVLink；跨节点时每个 token 对每个目标节点只经网络发送一次，再经 NVLink 转发，按 DeepEP 公布的内核带宽计。FP8 分发发出的字节约减半（DeepSeek-V3）；合并仍为 BF16</translation>
    </message>
    <message>
        <source>Change context-parallel exchange</source>
        <translation>更改上下文并行交换方式</translation>
    </message>
    <message>
        <source>CP exchange</source>
        <translation>CP 交换方式</translation>
    </message>
    <message>
        <source>ring, point-to-point (Megatron-Core)</source>
        <translation>环形，点对点（Megatron-Core）</translation>
    </message>
    <message>
        <source>all-gather K/V (Llama 3)</source>
        <translation>全收集 K/V（Llama 3）</translation>
    </message>
    <message>
        <source>ring over one all-gather (PyTorch, torchtitan)</source>
        <translation>基于一次全收集的环形（PyTorch、torchtitan）</translation>
    </message>
    <message>
        <source>With context parallelism: how the GPUs of a sequence exchange K and V. Ring attention passes K/V chunks to the next GPU, each send hidden behind the attention of the chunk in hand (Megatron-Core, Transformer Engine); all-gather collects K/V first, exposed, then attends once per local chunk (Llama 3); PyTorch&apos;s context_parallel gathers K/V once beside the first chunk and merges the chunks&apos; outputs in fp32 (torchtitan)</source>
        <translation>启用上下文并行时：同一序列的各 GPU 如何交换 K 和 V。环形注意力把 K/V 分块传给下一个 GPU，每次发送隐藏在当前分块的注意力计算之后（Megatron-Core、Transformer Engine）；全收集先收集 K/V（不被隐藏），再对每个本地分块各做一次注意力（Llama 3）；PyTorch 的 context_parallel 在第一个分块计算的同时做一次全收集，并以 fp32 合并各分块的输出（torchtitan）</translation>
    </message>
    <message>
        <source>Change expert capacity factor</source>
        <translation>更改专家容量因子</translation>
    </message>
    <message>
        <source>Expert capacity factor</source>
        <translation>专家容量因子</translation>
    </message>
    <message>
        <source>dropless</source>
        <translation>不丢弃 token</translation>
    </message>
    <message>
        <source>MoE: each expert takes at most this factor times the mean tokens per expert and drops the rest (Switch Transformer; Megatron-Core --moe-expert-capacity-factor). With the all-to-all dispatcher every expert&apos;s input is padded to capacity, so the experts and the all-to-all run the factor times the routed tokens; DeepEP drops without padding. Dropless: the busiest expert sets the time</source>
        <translation>MoE：每个专家最多接收该因子乘以每个专家平均 token 数的 token，其余丢弃（Switch Transformer；Megatron-Core --moe-expert-capacity-factor）。使用 all-to-all 分发器时，每个专家的输入填充到容量，专家计算和 all-to-all 按该因子乘以路由 token 数运行；DeepEP 只丢弃不填充。不丢弃 token 时：最繁忙的专家决定耗时</translation>
    </message>
    <message>
        <source>Change MTP modules</source>
        <translation>更改 MTP 模块</translation>
    </message>
    <message>
        <source>MTP modules</source>
        <translation>MTP 模块</translation>
    </message>
    <message>
        <source>Multi-token prediction modules trained beside the model (DeepSeek-V3: 1; Megatron-Core --mtp-num-layers): each one more transformer block, projection and output head on the last pipeline stage</source>
        <translation>与模型一同训练的多 token 预测模块（DeepSeek-V3：1；Megatron-Core --mtp-num-layers）：每个模块在最后一个流水线阶段上多一个 Transformer 块、投影和输出头</translation>
    </message>
    <message>
        <source>Toggle fused MoE permutation</source>
        <translation>切换 MoE 融合重排</translation>
    </message>
    <message>
        <source>MoE permutation</source>
        <translation>MoE 重排</translation>
    </message>
    <message>
        <source>fused kernels</source>
        <translation>融合内核</translation>
    </message>
    <message>
        <source>Fused permute and unpermute kernels (Megatron-Core --moe-permute-fusion, Transformer Engine): each routed token row read and written once, no atomic adds; costed at the device copy rate, an assumption. Off (Megatron-Core&apos;s default, torchtitan): a gather and an atomic scatter-add at their measured rates</source>
        <translation>融合的重排与还原内核（Megatron-Core --moe-permute-fusion，Transformer Engine）：每个路由的词元行读写各一次，无原子加；按设备拷贝速率计，属假设。关闭时（Megatron-Core 默认，torchtitan）：按实测速率计一次 gather 和一次原子 scatter-add</translation>
    </message>
</context>
<context>
    <name>scalescope::SceneTextActions</name>
    <message>
        <source>&amp;Larger text</source>
        <translation>放大文字(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Smaller text</source>
        <translation>缩小文字(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Reset text size</source>
        <translation>重置文字大小(&amp;R)</translation>
    </message>
    <message>
        <source>Scene text at %1 %</source>
        <translation>场景文字为 %1 %</translation>
    </message>
</context>
<context>
    <name>scalescope::ServingChartLink</name>
    <message>
        <source>Batch from the throughput–latency chart</source>
        <translation>从吞吐量–延迟图选择批量</translation>
    </message>
</context>
<context>
    <name>scalescope::ShardingMapScene</name>
    <message>
        <source>tensor-parallel rank</source>
        <translation>张量并行序号</translation>
    </message>
    <message>
        <source>pipeline stage</source>
        <translation>流水线阶段</translation>
    </message>
    <message>
        <source>data-parallel replica</source>
        <translation>数据并行副本</translation>
    </message>
    <message>
        <source>expert-parallel rank</source>
        <translation>专家并行序号</translation>
    </message>
    <message>
        <source>Sharding map</source>
        <translation>分片图</translation>
    </message>
    <message>
        <source>The scenario could not be resolved.</source>
        <translation>无法解析该场景。</translation>
    </message>
    <message>
        <source>No result</source>
        <translation>无结果</translation>
    </message>
    <message>
        <source>Sharding map: %1</source>
        <translation>分片图：%1</translation>
    </message>
    <message>
        <source>%1 GPUs of %2 as the hardware holds them (%3 GPUs per node, %4 per NVLink domain), coloured by %5. Ranks are laid out in the order %6, innermost first.</source>
        <translation>%2 的 %1 个 GPU，按硬件实际排布（每节点 %3 个 GPU，每个 NVLink 域 %4 个），按%5着色。rank 按 %6 的顺序排布，最内层在前。</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>… %1 values in all</source>
        <translation>… 共 %1 个取值</translation>
    </message>
    <message>
        <source>Scalable unit %1</source>
        <translation>可扩展单元 %1</translation>
    </message>
    <message>
        <source>NVLink domain %1</source>
        <translation>NVLink 域 %1</translation>
    </message>
    <message>
        <source>Node %1</source>
        <translation>节点 %1</translation>
    </message>
    <message>
        <source>GPU %1 · TP %2 · CP %3 · EP %4 · DP %5 · PP %6</source>
        <translation>GPU %1 · TP %2 · CP %3 · EP %4 · DP %5 · PP %6</translation>
    </message>
    <message>
        <source>TP rank</source>
        <translation>TP 序号</translation>
    </message>
    <message>
        <source>PP stage</source>
        <translation>PP 阶段</translation>
    </message>
    <message>
        <source>DP replica</source>
        <translation>DP 副本</translation>
    </message>
    <message>
        <source>EP rank</source>
        <translation>EP 序号</translation>
    </message>
</context>
<context>
    <name>scalescope::ShardingMapView</name>
    <message>
        <source>Click a GPU for its mesh coordinates and what it holds.</source>
        <translation>点击一个 GPU，查看其网格坐标及其承载的内容。</translation>
    </message>
    <message>
        <source>%1–%2</source>
        <translation>%1–%2</translation>
    </message>
    <message>
        <source>&lt;b&gt;GPU %1&lt;/b&gt; · TP %2/%3 · CP %4/%5 · EP %6/%7 · DP %8/%9 · PP %10/%11</source>
        <translation>&lt;b&gt;GPU %1&lt;/b&gt; · TP %2/%3 · CP %4/%5 · EP %6/%7 · DP %8/%9 · PP %10/%11</translation>
    </message>
    <message>
        <source>Layers %1 · tensor slice %2 of %3</source>
        <translation>层 %1 · 张量切片 %2/%3</translation>
    </message>
    <message>
        <source> · experts %1–%2</source>
        <translation> · 专家 %1–%2</translation>
    </message>
    <message>
        <source>&amp;Colour by:</source>
        <translation>着色依据(&amp;C)：</translation>
    </message>
    <message>
        <source>TP rank (tensor slice)</source>
        <translation>TP 序号（张量切片）</translation>
    </message>
    <message>
        <source>PP stage</source>
        <translation>PP 阶段</translation>
    </message>
    <message>
        <source>DP replica</source>
        <translation>DP 副本</translation>
    </message>
    <message>
        <source>EP rank</source>
        <translation>EP 序号</translation>
    </message>
</context>
<context>
    <name>scalescope::SmScene</name>
    <message>
        <source>%1 — one streaming multiprocessor</source>
        <translation>%1 — 单个流式多处理器</translation>
    </message>
    <message>
        <source>%1 sub-partitions · register file %2 · L1/SMEM %3 · up to %4 resident warps · %5 SMs on the GPU</source>
        <translation>%1 个子分区 · 寄存器文件 %2 · L1/SMEM %3 · 最多 %4 个驻留 warp · 整颗 GPU 共 %5 个 SM</translation>
    </message>
    <message>
        <source>Warp scheduler</source>
        <translation>Warp 调度器</translation>
    </message>
    <message>
        <source>Resident warp</source>
        <translation>驻留 warp</translation>
    </message>
    <message>
        <source>Register file</source>
        <translation>寄存器文件</translation>
    </message>
    <message>
        <source>FP32 lane</source>
        <translation>FP32 通道</translation>
    </message>
    <message>
        <source>INT32 lane</source>
        <translation>INT32 通道</translation>
    </message>
    <message>
        <source>FP64 lane</source>
        <translation>FP64 通道</translation>
    </message>
    <message>
        <source>Tensor Core</source>
        <translation>Tensor Core</translation>
    </message>
    <message>
        <source>L1 / shared memory</source>
        <translation>L1 / 共享内存</translation>
    </message>
    <message>
        <source>Tensor memory (TMEM)</source>
        <translation>张量内存（TMEM）</translation>
    </message>
    <message>
        <source>L1 data cache / shared memory</source>
        <translation>L1 数据缓存 / 共享内存</translation>
    </message>
    <message>
        <source>Shared memory per SM, at most</source>
        <translation>每个 SM 共享内存上限</translation>
    </message>
    <message>
        <source>L1 data cache / shared memory · %1 (up to %2 as shared memory)</source>
        <translation>L1 数据缓存 / 共享内存 · %1（最多 %2 可作共享内存）</translation>
    </message>
    <message>
        <source>L1 data cache / shared memory · %1</source>
        <translation>L1 数据缓存 / 共享内存 · %1</translation>
    </message>
    <message>
        <source>Tensor memory (TMEM) · %1 · feeds the Tensor Cores</source>
        <translation>张量内存（TMEM）· %1 · 为 Tensor Core 供数</translation>
    </message>
    <message>
        <source>Streaming multiprocessors on the GPU</source>
        <translation>GPU 上的流式多处理器数</translation>
    </message>
    <message>
        <source>Streaming multiprocessor (SM) · %1</source>
        <translation>流式多处理器（SM）· %1</translation>
    </message>
    <message>
        <source>Sub-partition %1</source>
        <translation>子分区 %1</translation>
    </message>
    <message>
        <source>Warp scheduler %1</source>
        <translation>Warp 调度器 %1</translation>
    </message>
    <message>
        <source>%1 of %2 warp slots in use; %3 resident warps per SM at most</source>
        <translation>已用 %1 / %2 个 warp 槽位；每个 SM 最多驻留 %3 个 warp</translation>
    </message>
    <message>
        <source>Warps: %1 of %2 resident</source>
        <translation>Warp：驻留 %1 / %2</translation>
    </message>
    <message>
        <source>Resident warp: 32 threads that this scheduler can issue from while other warps wait on memory</source>
        <translation>驻留 warp：32 个线程；其他 warp 等待内存时，调度器可从它发射指令</translation>
    </message>
    <message>
        <source>Free warp slot</source>
        <translation>空闲 warp 槽位</translation>
    </message>
    <message>
        <source>Register file of this sub-partition</source>
        <translation>本子分区的寄存器文件</translation>
    </message>
    <message>
        <source>%1 (%2 for the SM / %3)</source>
        <translation>%1（整个 SM %2 / %3）</translation>
    </message>
    <message>
        <source>Register file
%1</source>
        <translation>寄存器文件
%1</translation>
    </message>
    <message>
        <source>FP32 · %1 lanes</source>
        <translation>FP32 · %1 条通道</translation>
    </message>
    <message>
        <source>FP32 lanes per sub-partition</source>
        <translation>每个子分区的 FP32 通道数</translation>
    </message>
    <message>
        <source>INT32 · %1 lanes</source>
        <translation>INT32 · %1 条通道</translation>
    </message>
    <message>
        <source>INT32 lanes per sub-partition</source>
        <translation>每个子分区的 INT32 通道数</translation>
    </message>
    <message>
        <source>FP64 · %1 lanes</source>
        <translation>FP64 · %1 条通道</translation>
    </message>
    <message>
        <source>FP64 lanes per sub-partition</source>
        <translation>每个子分区的 FP64 通道数</translation>
    </message>
    <message>
        <source>Tensor Cores per sub-partition</source>
        <translation>每个子分区的 Tensor Core 数</translation>
    </message>
    <message>
        <source>Dense BF16 FLOPs per Tensor Core per cycle</source>
        <translation>每个 Tensor Core 每周期稠密 BF16 FLOPs</translation>
    </message>
    <message>
        <source>Tensor Core
%1 FLOPs/cycle</source>
        <translation>Tensor Core
%1 FLOPs/周期</translation>
    </message>
    <message>
        <source>Occupancy</source>
        <translation>占用率</translation>
    </message>
    <message>
        <source>Block: %1 threads = %2 warps</source>
        <translation>线程块：%1 个线程 = %2 个 warp</translation>
    </message>
    <message>
        <source>%1 registers per thread</source>
        <translation>每线程 %1 个寄存器</translation>
    </message>
    <message>
        <source>%1 shared memory per block</source>
        <translation>每线程块共享内存 %1</translation>
    </message>
    <message>
        <source>Blocks that fit, by each limit:</source>
        <translation>按各项限制可容纳的线程块数：</translation>
    </message>
    <message>
        <source>warp slots (%1 per SM)</source>
        <translation>warp 槽位（每 SM %1 个）</translation>
    </message>
    <message>
        <source>Resident warps per SM</source>
        <translation>每个 SM 驻留 warp 数</translation>
    </message>
    <message>
        <source>threads (%1 per SM)</source>
        <translation>线程（每 SM %1 个）</translation>
    </message>
    <message>
        <source>Resident threads per SM</source>
        <translation>每个 SM 驻留线程数</translation>
    </message>
    <message>
        <source>block slots (%1 per SM)</source>
        <translation>线程块槽位（每 SM %1 个）</translation>
    </message>
    <message>
        <source>Resident blocks per SM</source>
        <translation>每个 SM 驻留线程块数</translation>
    </message>
    <message>
        <source>registers (%1)</source>
        <translation>寄存器（%1）</translation>
    </message>
    <message>
        <source>Register file per SM</source>
        <translation>每个 SM 的寄存器文件</translation>
    </message>
    <message>
        <source>shared memory (%1)</source>
        <translation>共享内存（%1）</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>无限制</translation>
    </message>
    <message>
        <source>Resident: %1 × %2-warp blocks = %3 of %4 warps (%5 %)</source>
        <translation>驻留：%1 个 %2-warp 线程块 = %3 / %4 个 warp（%5 %）</translation>
    </message>
    <message>
        <source>Each scheduler switches among %1 warps:
while one waits on memory, another issues.</source>
        <translation>每个调度器在 %1 个 warp 之间切换：
一个等待内存时，另一个发射指令。</translation>
    </message>
    <message>
        <source>One warp per scheduler: nothing hides
its memory latency.</source>
        <translation>每个调度器只有一个 warp：
内存延迟无法被隐藏。</translation>
    </message>
    <message>
        <source>No warp fits: the kernel cannot launch.</source>
        <translation>放不下任何 warp：内核无法启动。</translation>
    </message>
    <message>
        <source>More registers per thread than the architecture allows.</source>
        <translation>每线程寄存器数超过架构上限。</translation>
    </message>
    <message>
        <source>More threads per block than one SM holds.</source>
        <translation>每线程块的线程数超过单个 SM 的容量。</translation>
    </message>
    <message>
        <source>One block does not fit on the SM.</source>
        <translation>一个线程块都放不进该 SM。</translation>
    </message>
    <message>
        <source>Threads and registers must be positive.</source>
        <translation>线程数和寄存器数必须为正。</translation>
    </message>
    <message>
        <source>%1 — streaming multiprocessor %2 of %3</source>
        <translation>%1 — 流式多处理器 %2（共 %3 个）</translation>
    </message>
</context>
<context>
    <name>scalescope::SmView</name>
    <message>
        <source>&amp;GPU:</source>
        <translation>GPU(&amp;G)：</translation>
    </message>
    <message>
        <source>&amp;Threads per block:</source>
        <translation>每块线程数(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Registers per thread:</source>
        <translation>每线程寄存器(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;Shared memory per block:</source>
        <translation>每块共享内存(&amp;S)：</translation>
    </message>
    <message>
        <source> KiB</source>
        <translation> KiB</translation>
    </message>
</context>
<context>
    <name>scalescope::SpecBrowserView</name>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Superchips</source>
        <translation>超级芯片</translation>
    </message>
    <message>
        <source>Systems</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>user spec, replaces the built-in one</source>
        <translation>用户规格，替换内置规格</translation>
    </message>
    <message>
        <source>user spec</source>
        <translation>用户规格</translation>
    </message>
    <message>
        <source>built-in spec</source>
        <translation>内置规格</translation>
    </message>
    <message>
        <source>%1 · id %2 · %3 · %4</source>
        <translation>%1 · ID %2 · %3 · %4</translation>
    </message>
    <message>
        <source>Calibrations</source>
        <translation>校准</translation>
    </message>
    <message>
        <source>Kernel calibrations</source>
        <translation>内核校准</translation>
    </message>
    <message>
        <source>Coolants and air</source>
        <translation>冷却液与空气</translation>
    </message>
    <message>
        <source>Facilities</source>
        <translation>数据中心设施</translation>
    </message>
</context>
<context>
    <name>scalescope::SpecFieldsModel</name>
    <message>
        <source>Source: %1</source>
        <translation>来源：%1</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>注：%1</translation>
    </message>
    <message>
        <source>Other published values: %1</source>
        <translation>其他已发布数值：%1</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>— (not applicable or not published)</source>
        <translation>—（不适用或未公开）</translation>
    </message>
</context>
<context>
    <name>scalescope::SuperchipScene</name>
    <message>
        <source>1 CPU + %1 × %2 GPU · HBM %3 × %4 · %5 %6 · NVLink-C2C %7</source>
        <translation>1 个 CPU + %1 × %2 GPU · HBM %3 × %4 · %5 %6 · NVLink-C2C %7</translation>
    </message>
    <message>
        <source>CPU memory</source>
        <translation>CPU 内存</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>NVLink-C2C</source>
        <translation>NVLink-C2C</translation>
    </message>
    <message>
        <source>Weights in HBM</source>
        <translation>位于 HBM 的权重</translation>
    </message>
    <message>
        <source>Weights spilled to CPU memory</source>
        <translation>溢出到 CPU 内存的权重</translation>
    </message>
    <message>
        <source>Weights that do not fit</source>
        <translation>放不下的权重</translation>
    </message>
    <message>
        <source>%1 cores</source>
        <translation>%1 核</translation>
    </message>
    <message>
        <source>%1
%2 cores</source>
        <translation>%1
%2 核</translation>
    </message>
    <message>
        <source>CPU memory capacity</source>
        <translation>CPU 内存容量</translation>
    </message>
    <message>
        <source>CPU memory bandwidth</source>
        <translation>CPU 内存带宽</translation>
    </message>
    <message>
        <source>%1 · %2 · %3</source>
        <translation>%1 · %2 · %3</translation>
    </message>
    <message>
        <source>GPU %1
%2</source>
        <translation>GPU %1
%2</translation>
    </message>
    <message>
        <source>HBM capacity usable</source>
        <translation>HBM 可用容量</translation>
    </message>
    <message>
        <source>HBM bandwidth</source>
        <translation>HBM 带宽</translation>
    </message>
    <message>
        <source>%1
%2
%3</source>
        <translation>%1
%2
%3</translation>
    </message>
    <message>
        <source>NVLink-C2C, both directions</source>
        <translation>NVLink-C2C（双向合计）</translation>
    </message>
    <message>
        <source>C2C
%1</source>
        <translation>C2C
%1</translation>
    </message>
    <message>
        <source>Memory pools drawn to scale: width ∝ capacity</source>
        <translation>内存池按比例绘制：宽度 ∝ 容量</translation>
    </message>
    <message>
        <source>Module power: %1</source>
        <translation>模组功耗：%1</translation>
    </message>
    <message>
        <source>Module power</source>
        <translation>模组功耗</translation>
    </message>
    <message>
        <source>Does a %1 model fit?</source>
        <translation>%1 的模型放得下吗？</translation>
    </message>
    <message>
        <source>Does %1 (%2 of weights) fit?</source>
        <translation>%1（权重 %2）放得下吗？</translation>
    </message>
    <message>
        <source>In HBM: %1 on %2, read at %3 → %4 per pass</source>
        <translation>HBM 中：%1，分布在 %2 上，读取带宽 %3 → 每遍 %4</translation>
    </message>
    <message>
        <source>one GPU</source>
        <translation>1 个 GPU</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 个 GPU</translation>
    </message>
    <message>
        <source>Spilled to CPU memory: %1, read over NVLink-C2C at %2 → %3 per pass</source>
        <translation>溢出到 CPU 内存：%1，经 NVLink-C2C 以 %2 读取 → 每遍 %3</translation>
    </message>
    <message>
        <source>Fits on one superchip: one pass over all weights takes %1 (%2 effective)</source>
        <translation>单个超级芯片放得下：完整读取一遍权重需 %1（等效带宽 %2）</translation>
    </message>
    <message>
        <source>Fits in HBM: no spill, weights stream at %1</source>
        <translation>HBM 即可容纳：无溢出，权重以 %1 读取</translation>
    </message>
    <message>
        <source>Does not fit: %1 more than HBM and CPU memory together</source>
        <translation>放不下：超出 HBM 与 CPU 内存总和 %1</translation>
    </message>
</context>
<context>
    <name>scalescope::SuperchipView</name>
    <message>
        <source>%1 in %2</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>&amp;Superchip:</source>
        <translation>超级芯片(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <source>Custom size</source>
        <translation>自定义大小</translation>
    </message>
    <message>
        <source> GB</source>
        <translation> GB</translation>
    </message>
    <message>
        <source>&amp;GPUs holding it:</source>
        <translation>承载的 GPU 数(&amp;G)：</translation>
    </message>
</context>
<context>
    <name>scalescope::SweepScene</name>
    <message>
        <source>Micro-batch size</source>
        <translation>微批次大小</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>%1 sweep: %2</source>
        <translation>%1 扫描：%2</translation>
    </message>
    <message>
        <source>Step time, MFU, memory per GPU and exposed communication as %1 takes every valid value, everything else fixed (for TP, PP and CP, DP takes the rest of the GPUs; for GPUs, DP scales). Each point is one evaluation of the model.</source>
        <translation>%1 取每个有效值、其余保持不变时的步时间、MFU、每 GPU 内存和暴露通信（TP、PP、CP 变化时由 DP 占用其余 GPU；GPU 数变化时 DP 随之伸缩）。每个点是模型的一次评估。</translation>
    </message>
    <message>
        <source>No value of %1 gives a layout the model can run.</source>
        <translation>%1 的任何取值都无法得到模型可运行的布局。</translation>
    </message>
    <message>
        <source>The sweep charts a training step; an inference scenario&apos;s batch sweep is the throughput–latency chart in the planner.</source>
        <translation>扫描图针对训练步；推理场景的批大小扫描见规划器中的吞吐量–延迟图。</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>步时间</translation>
    </message>
    <message>
        <source>Step time (s)</source>
        <translation>步时间（秒）</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>MFU (%)</source>
        <translation>MFU（%）</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每 GPU 内存</translation>
    </message>
    <message>
        <source>Memory per GPU (GiB)</source>
        <translation>每 GPU 内存（GiB）</translation>
    </message>
    <message>
        <source>Exposed communication</source>
        <translation>暴露通信</translation>
    </message>
    <message>
        <source>Exposed communication (s)</source>
        <translation>暴露通信（秒）</translation>
    </message>
    <message>
        <source>usable HBM %1</source>
        <translation>可用 HBM %1</translation>
    </message>
    <message>
        <source>%1 %2: beyond one NVLink domain (%3 GPUs)</source>
        <translation>%1 %2：超出一个 NVLink 域（%3 GPU）</translation>
    </message>
    <message>
        <source>%1 %2 not drawn: %3</source>
        <translation>%1 %2 未绘制：%3</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more value(s) the layout check refuses</source>
        <translation>
            <numerusform>… 另有 %n 个取值未通过布局检查</numerusform>
        </translation>
    </message>
    <message>
        <source>Ring: the scenario&apos;s %1 (%2)</source>
        <translation>圆环：场景的 %1（%2）</translation>
    </message>
    <message>
        <source>Hollow: does not fit in HBM</source>
        <translation>空心：超出 HBM</translation>
    </message>
    <message>
        <source>Red dashes: usable HBM %1</source>
        <translation>红色虚线：可用 HBM %1</translation>
    </message>
    <message>
        <source>Exposed %1 (dotted)</source>
        <translation>%1 暴露通信（点线）</translation>
    </message>
    <message>
        <source>Shaded: %1 ≥ %2, beyond NVLink</source>
        <translation>阴影：%1 ≥ %2，超出 NVLink 域</translation>
    </message>
    <message>
        <source>%1 stays within NVLink (%2 GPUs)</source>
        <translation>%1 保持在 NVLink 域内（%2 GPU）</translation>
    </message>
</context>
<context>
    <name>scalescope::SweepView</name>
    <message>
        <source>Sweep &amp;axis:</source>
        <translation>扫描维度(&amp;A)：</translation>
    </message>
    <message>
        <source>No scenario to sweep.</source>
        <translation>没有可扫描的场景。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 %2&lt;/b&gt;: step time %3, MFU %4 %, memory per GPU %5 of %6 usable, exposed communication %7&lt;br&gt;TP %8 · PP %9 · CP %10 · DP %11 · EP %12 on %13 GPUs; one evaluation of the model</source>
        <translation>&lt;b&gt;%1 %2&lt;/b&gt;：步时间 %3，MFU %4 %，每 GPU 内存 %5（可用 %6），暴露通信 %7&lt;br&gt;TP %8 · PP %9 · CP %10 · DP %11 · EP %12，共 %13 个 GPU；模型的一次评估</translation>
    </message>
</context>
<context>
    <name>scalescope::ThroughputLatencyScene</name>
    <message>
        <source>TP %1 · PP %2 · DP %3</source>
        <translation>TP %1 · PP %2 · DP %3</translation>
    </message>
    <message>
        <source> · EP %1</source>
        <translation> · EP %1</translation>
    </message>
    <message>
        <source>Throughput against latency: %1</source>
        <translation>吞吐量与延迟：%1</translation>
    </message>
    <message>
        <source>Output tokens/s per GPU against tokens/s per user (1 / TPOT) as the batch per replica sweeps 1, 2, 4, … up to the largest batch that fits in memory; each point is one evaluation of the model. The scenario&apos;s layout is drawn thick with its operating point; the others are the best layouts of the serving search.</source>
        <translation>每副本批量从 1、2、4 …… 扫到内存能容纳的最大批量时，每 GPU 输出 token/s 与每用户 token/s（1 / TPOT）的关系；每个点都是模型的一次评估。本场景的布局以粗线绘制并标出其工作点；其余为服务布局搜索中最好的布局。</translation>
    </message>
    <message>
        <source>Tokens/s per user (1 / TPOT)</source>
        <translation>每用户 token/s（1 / TPOT）</translation>
    </message>
    <message>
        <source>Output tokens/s per GPU</source>
        <translation>每 GPU 输出 token/s</translation>
    </message>
    <message>
        <source>%1 (this scenario)</source>
        <translation>%1（本场景）</translation>
    </message>
    <message>
        <source>Operating point</source>
        <translation>工作点</translation>
    </message>
    <message>
        <source>Operating point: the scenario&apos;s batch (ring)</source>
        <translation>工作点：本场景的批量（圆环）</translation>
    </message>
    <message>
        <source>B %1</source>
        <translation>批 %1</translation>
    </message>
    <message>
        <source>Batch %1: TTFT %2, TPOT %3</source>
        <translation>批量 %1：TTFT %2，TPOT %3</translation>
    </message>
    <message>
        <source>TPOT limit %1 (dashed)</source>
        <translation>TPOT 上限 %1（虚线）</translation>
    </message>
    <message>
        <source>Hollow: TTFT over %1</source>
        <translation>空心：TTFT 超过 %1</translation>
    </message>
    <message>
        <source>TPOT limit</source>
        <translation>TPOT 上限</translation>
    </message>
    <message>
        <source>TPOT ≤ %1</source>
        <translation>TPOT ≤ %1</translation>
    </message>
    <message>
        <source>TPOT limit %1 = %2 tokens/s per user: the points right of the line meet it</source>
        <translation>TPOT 上限 %1 = 每用户 %2 token/s：线右侧的点满足上限</translation>
    </message>
</context>
<context>
    <name>scalescope::TimelineView</name>
    <message>
        <source>No timeline: the scenario could not be evaluated.</source>
        <translation>无时间线：无法评估该场景。</translation>
    </message>
    <message>
        <source>stage %1</source>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <source>bubble (idle)</source>
        <translation>气泡（空闲）</translation>
    </message>
    <message>
        <source>%1 communication</source>
        <translation>%1 通信</translation>
    </message>
    <message>
        <source>micro-batch %1</source>
        <translation>微批次 %1</translation>
    </message>
    <message>
        <source>stage %1, chunk %2</source>
        <translation>阶段 %1，块 %2</translation>
    </message>
    <message>
        <source>%1 → %2 (%3)</source>
        <translation>%1 → %2（%3）</translation>
    </message>
    <message>
        <source>%1 moved at %2</source>
        <translation>以 %2 传输 %1</translation>
    </message>
    <message>
        <source>network tier: %1 (%2 per child)</source>
        <translation>网络层级：%1（每个子节点 %2）</translation>
    </message>
    <message>
        <source>exposed: on the critical path</source>
        <translation>暴露：位于关键路径上</translation>
    </message>
    <message>
        <source>overlapped with compute</source>
        <translation>与计算重叠</translation>
    </message>
    <message>
        <source>Timeline not drawn: this step schedules %1 pipeline operations (PP %2 × %3 micro-batches), more than the %4 the planner draws. The numbers above are exact; fewer micro-batches (a larger micro-batch size or more data parallelism) bring the timeline back.</source>
        <translation>未绘制时间线：这一步要调度 %1 个流水线操作（PP %2 × %3 个微批次），超过规划器绘制的上限 %4。上方的数字是精确的；减少微批次（更大的微批次大小或更多数据并行）即可恢复时间线。</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>idle (another stage runs)</source>
        <translation>空闲（其他阶段在运行）</translation>
    </message>
    <message>
        <source>prefill compute</source>
        <translation>预填充计算</translation>
    </message>
    <message>
        <source>decode compute</source>
        <translation>解码计算</translation>
    </message>
    <message>
        <source>exposed TP</source>
        <translation>暴露 TP</translation>
    </message>
    <message>
        <source>exposed CP</source>
        <translation>暴露 CP</translation>
    </message>
    <message>
        <source>exposed EP</source>
        <translation>暴露 EP</translation>
    </message>
    <message>
        <source>exposed PP</source>
        <translation>暴露 PP</translation>
    </message>
    <message>
        <source>exposed DP</source>
        <translation>暴露 DP</translation>
    </message>
    <message>
        <source>bubble</source>
        <translation>气泡</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>步 %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2, %3 % of the step</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：%2，占步时间的 %3 %</translation>
    </message>
    <message>
        <source>solid: on the critical path · hatched: overlapped with compute</source>
        <translation>实心：位于关键路径上 · 斜线：与计算重叠</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <source>Fit the whole step and every stage in the view (F)</source>
        <translation>显示整个步和所有阶段（F）</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <source>Reset the zoom: the whole step, rows of readable height (0). W/S zoom, A/D pan, Shift+wheel or Up/Down scroll the stages.</source>
        <translation>重置缩放：整个步，行高保持可读（0）。W/S 缩放，A/D 平移，Shift+滚轮或上/下键滚动阶段。</translation>
    </message>
</context>
<context>
    <name>scalescope::TopologyScene</name>
    <message>
        <source>NVLink</source>
        <translation>NVLink</translation>
    </message>
    <message>
        <source>Leaf</source>
        <translation>叶</translation>
    </message>
    <message>
        <source>Spine</source>
        <translation>脊</translation>
    </message>
    <message>
        <source>Core</source>
        <translation>核心</translation>
    </message>
    <message>
        <source>Topology: %1, %2 GPUs</source>
        <translation>拓扑：%1，%2 个 GPU</translation>
    </message>
    <message>
        <source>Aggregated: folded NVLink domains and spine groups stand for their GPUs and switches; the numbers are those of the full graph.</source>
        <translation>已聚合：折叠的 NVLink 域与脊交换机组代表其中的 GPU 和交换机；数值与完整图一致。</translation>
    </message>
    <message>
        <source>Every GPU, NVSwitch chip and switch of the model&apos;s graph, each line a link.</source>
        <translation>模型图中的每个 GPU、NVSwitch 芯片和交换机，每条线代表一条链路。</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>NVSwitch / NVLink</source>
        <translation>NVSwitch / NVLink</translation>
    </message>
    <message>
        <source>Folded NVLink domain</source>
        <translation>折叠的 NVLink 域</translation>
    </message>
    <message>
        <source>Scale-out switch</source>
        <translation>横向扩展交换机</translation>
    </message>
    <message>
        <source>Links the collective uses</source>
        <translation>集合通信使用的链路</translation>
    </message>
    <message>
        <source>NVLink %1</source>
        <translation>NVLink %1</translation>
    </message>
    <message>
        <source>NVSwitch chips per domain</source>
        <translation>每域 NVSwitch 芯片数</translation>
    </message>
    <message>
        <source>&lt;p&gt;GPU %1 (NVLink domain %2)&lt;/p&gt;</source>
        <translation>&lt;p&gt;GPU %1（NVLink 域 %2）&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;NVSwitch %1 of domain %2&lt;/p&gt;</source>
        <translation>&lt;p&gt;域 %2 的 NVSwitch %1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;NVLink domain %1: GPUs %2–%3, %4 NVSwitch chips, %5 NVLink links (folded)&lt;/p&gt;</source>
        <translation>&lt;p&gt;NVLink 域 %1：GPU %2–%3，%4 个 NVSwitch 芯片，%5 条 NVLink 链路（已折叠）&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;%1 group %2: %3 switches&lt;/p&gt;</source>
        <translation>&lt;p&gt;%1 组 %2：%3 台交换机&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;%1 switch %2 of group %3&lt;/p&gt;</source>
        <translation>&lt;p&gt;组 %3 的%1交换机 %2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Switches per group</source>
        <translation>每组交换机数</translation>
    </message>
    <message>
        <source>GPUs · %1 per NVLink domain</source>
        <translation>GPU · 每个 NVLink 域 %1 个</translation>
    </message>
    <message>
        <source>%1 · %2 switches · %3 links</source>
        <translation>%1 · %2 台交换机 · %3 条链路</translation>
    </message>
    <message>
        <source>%1%2 · D %3 · W %4</source>
        <translation>%1%2 · D %3 · W %4</translation>
    </message>
    <message>
        <source>▶ bottleneck </source>
        <translation>▶ 瓶颈 </translation>
    </message>
    <message>
        <source>NVSwitch chips · %1 per domain · %2 NVLink links</source>
        <translation>NVSwitch 芯片 · 每域 %1 个 · %2 条 NVLink 链路</translation>
    </message>
    <message>
        <source>GPU 0 → 1: %1</source>
        <translation>GPU 0 → 1：%1</translation>
    </message>
    <message>
        <source>GPU 0 → %1 (next domain): %2</source>
        <translation>GPU 0 → %1（下一个域）：%2</translation>
    </message>
    <message>
        <source>GPU 0 → %1 (last): %2</source>
        <translation>GPU 0 → %1（最后一个）：%2</translation>
    </message>
    <message>
        <source>Bisection bandwidth: %1 (both directions, max flow)</source>
        <translation>对分带宽：%1（双向，最大流）</translation>
    </message>
    <message>
        <source>Hops (links on a shortest path): %1</source>
        <translation>跳数（最短路径上的链路数）：%1</translation>
    </message>
    <message>
        <source>AllGather</source>
        <translation>AllGather</translation>
    </message>
    <message>
        <source>AllReduce</source>
        <translation>AllReduce</translation>
    </message>
    <message>
        <source>AllToAll</source>
        <translation>AllToAll</translation>
    </message>
    <message>
        <source>%1 of %2 over GPUs 0–%3: %4 (bottleneck tier: %5)</source>
        <translation>%1（%2，GPU 0–%3）：%4（瓶颈层：%5）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
</context>
<context>
    <name>scalescope::TopologyView</name>
    <message>
        <source>&amp;System:</source>
        <translation>系统(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;GPUs:</source>
        <translation>GPU 数(&amp;G)：</translation>
    </message>
    <message>
        <source>&amp;Collective:</source>
        <translation>集合通信(&amp;C)：</translation>
    </message>
    <message>
        <source>AllGather</source>
        <translation>AllGather</translation>
    </message>
    <message>
        <source>AllReduce</source>
        <translation>AllReduce</translation>
    </message>
    <message>
        <source>AllToAll</source>
        <translation>AllToAll</translation>
    </message>
    <message>
        <source>over </source>
        <translation>覆盖 </translation>
    </message>
    <message>
        <source> GPUs</source>
        <translation> 个 GPU</translation>
    </message>
    <message>
        <source>%1, %2 GPUs</source>
        <translation>%1，%2 个 GPU</translation>
    </message>
</context>
<context>
    <name>scalescope::ViewPlaceholder</name>
    <message>
        <source>This view is not built yet. Nothing here is drawn from made-up data; it will appear when the view lands.</source>
        <translation>此视图尚未实现。这里不会显示任何编造的数据；视图完成后将在此出现。</translation>
    </message>
</context>
<context>
    <name>scalescope::WelcomeStrip</name>
    <message>
        <source>Open a preset</source>
        <translation>打开预设</translation>
    </message>
    <message>
        <source>Dismiss: this strip will not come back</source>
        <translation>关闭：此提示不会再出现</translation>
    </message>
    <message>
        <source>Dismiss the welcome strip</source>
        <translation>关闭欢迎提示</translation>
    </message>
    <message>
        <source>&lt;b&gt;Welcome.&lt;/b&gt; Try this first: drag &lt;b&gt;TP&lt;/b&gt; in the &lt;b&gt;Scenario&lt;/b&gt; dock and watch the step time follow · open a preset (&lt;b&gt;File → Open preset&lt;/b&gt;) · &lt;b&gt;Why this number&lt;/b&gt;, below the planner, shows the operations each figure is summed from.</source>
        <translation>&lt;b&gt;欢迎。&lt;/b&gt;先试试：拖动&lt;b&gt;场景&lt;/b&gt;停靠窗中的 &lt;b&gt;TP&lt;/b&gt;，看步时间随之变化 · 打开一个预设（&lt;b&gt;文件 → 打开预设&lt;/b&gt;）· 规划器下方的&lt;b&gt;这个数字从何而来&lt;/b&gt;列出每个数字由哪些操作相加而来。</translation>
    </message>
</context>
</TS>
