<?xml version='1.0' encoding='utf-8'?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
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
        <source>Registers to network: capacity, bandwidth and latency, with a roofline chart.</source>
        <translation>从寄存器到网络：容量、带宽与延迟，并附屋顶线图。</translation>
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
</context>
<context>
    <name>scalescope::MainWindow</name>
    <message>
        <source>About ScaleScope</source>
        <translation>关于 ScaleScope</translation>
    </message>
    <message>
        <source>&lt;h3&gt;ScaleScope %1&lt;/h3&gt;&lt;p&gt;See an AI system from one GPU's SMs up to racks of NVL72s, and feel its performance.&lt;/p&gt;&lt;p&gt;User specs: %2&lt;/p&gt;</source>
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
        <source>%1 — ScaleScope</source>
        <translation>%1 — ScaleScope</translation>
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
        <translation><numerusform>已加载 %n 个规格</numerusform></translation>
    </message>
    <message numerus="yes">
        <source> · %n file(s) skipped</source>
        <translation><numerusform> · 跳过 %n 个文件</numerusform></translation>
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
</context>
<context>
    <name>scalescope::ViewPlaceholder</name>
    <message>
        <source>This view is not built yet. Nothing here is drawn from made-up data; it will appear when the view lands.</source>
        <translation>此视图尚未实现。这里不会显示任何编造的数据；视图完成后将在此出现。</translation>
    </message>
</context>
</TS>