<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Cli</name>
    <message>
        <source>unexpected argument &quot;%1&quot;</source>
        <translation>多余的参数 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Print the lesson, section by section</source>
        <translation>逐节打印课程内容</translation>
    </message>
    <message>
        <source>List the built-in presets</source>
        <translation>列出内置预设</translation>
    </message>
    <message>
        <source>Print a preset as a scenario file</source>
        <translation>把预设输出为场景文件</translation>
    </message>
    <message>
        <source>Scores, weights and output of a scenario</source>
        <translation>计算场景的分数、权重和输出</translation>
    </message>
    <message>
        <source>Why scores are divided by √d: the statistics</source>
        <translation>为什么要除以 √d：统计数据</translation>
    </message>
    <message>
        <source>Time attention for growing T</source>
        <translation>随 T 增大给注意力计时</translation>
    </message>
    <message>
        <source>see %1 --help</source>
        <translation>参见 %1 --help</translation>
    </message>
    <message>
        <source>Qt %1 (built with %2), Eigen %3.%4.%5
</source>
        <translation>Qt %1（编译时 %2），Eigen %3.%4.%5
</translation>
    </message>
    <message>
        <source>Show this help.</source>
        <translation>显示本帮助。</translation>
    </message>
    <message>
        <source>Show the version and exit.</source>
        <translation>显示版本后退出。</translation>
    </message>
    <message>
        <source>unknown option %1</source>
        <translation>未知选项 %1</translation>
    </message>
    <message>
        <source>Usage: attention-cli %1 [options]%2</source>
        <translation>用法：attention-cli %1 [选项]%2</translation>
    </message>
    <message>
        <source>%1 is given more than once</source>
        <translation>%1 重复给出</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a list of positive integers</source>
        <translation>%1：&quot;%2&quot; 不是以逗号分隔的正整数列表</translation>
    </message>
    <message>
        <source>%1: %2 is outside %3 to %4</source>
        <translation>%1：%2 不在 %3 到 %4 之间</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a whole number from %3 to %4</source>
        <translation>%1：&quot;%2&quot; 不是 %3 到 %4 之间的整数</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a whole number from 0 to %3</source>
        <translation>%1：&quot;%2&quot; 不是 0 到 %3 之间的整数</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a number from %3 to %4</source>
        <translation>%1：&quot;%2&quot; 不是 %3 到 %4 之间的数</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not one of %3</source>
        <translation>%1：&quot;%2&quot; 不在可选值 %3 之中</translation>
    </message>
    <message>
        <source>%1 and %2 contradict each other</source>
        <translation>%1 与 %2 互相矛盾</translation>
    </message>
    <message>
        <source>Usage: attention-cli COMMAND [options]
Attention in Transformers, number by number, in a terminal.

Commands:
</source>
        <translation>用法：attention-cli 命令 [选项]
在终端里逐个数字地查看 Transformer 的注意力机制。

命令：
</translation>
    </message>
    <message>
        <source>
Options:
  -h, --help  Show this help; COMMAND --help shows a command&apos;s options.
  --version   Show the version and exit.

Exit codes: 0 success, 2 bad command line, 3 invalid input file.
</source>
        <translation>
选项：
  -h, --help  显示本帮助；“命令 --help”显示该命令的选项。
  --version   显示版本后退出。

退出码：0 成功，2 命令行有误，3 输入文件无效。
</translation>
    </message>
    <message>
        <source>no command given; %1</source>
        <translation>没有给出命令；%1</translation>
    </message>
    <message>
        <source>unknown option %1; %2</source>
        <translation>未知选项 %1；%2</translation>
    </message>
    <message>
        <source>unknown command &quot;%1&quot;; %2</source>
        <translation>未知命令 &quot;%1&quot;；%2</translation>
    </message>
    <message>
        <source>could not write the output</source>
        <translation>无法写出输出</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>内存不足</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>%1 KB</source>
        <translation>%1 KB</translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <source>timing: run %1 of %2</source>
        <translation>计时：第 %1 次，共 %2 次</translation>
    </message>
    <message>
        <source>Why scores are divided by √d. For each d, many trials draw T queries and T keys with N(0, 1) entries and measure the standard deviation of their dot products (about √d) and the mean of each row&apos;s largest softmax weight, unscaled and with the scores divided by √d. The same seed gives the same figures on every machine.</source>
        <translation>为什么要除以 √d。对每个 d 做多次试验：每次随机抽取 T 个查询和 T 个键（元素服从 N(0, 1)），统计点积的标准差（约为 √d），以及每行最大 softmax 权重的均值，分别按不缩放和除以 √d 两种情况计算。种子相同，任何机器上的结果都相同。</translation>
    </message>
    <message>
        <source>Comma-separated dimensions, each 1 to %1 (default 16,64,256,1024).</source>
        <translation>以逗号分隔的维度，每个 1 到 %1（默认 16,64,256,1024）。</translation>
    </message>
    <message>
        <source>Tokens per trial, 1 to %1 (default %2).</source>
        <translation>每次试验的词元数，1 到 %1（默认 %2）。</translation>
    </message>
    <message>
        <source>Trials per d, 1 to %1 (default %2).</source>
        <translation>每个 d 的试验次数，1 到 %1（默认 %2）。</translation>
    </message>
    <message>
        <source>Random seed (default %1).</source>
        <translation>随机种子（默认 %1）。</translation>
    </message>
    <message>
        <source>Measure only the scores a causal mask keeps.</source>
        <translation>只统计因果掩码保留下来的分数。</translation>
    </message>
    <message>
        <source>Output format: table (default) or json.</source>
        <translation>输出格式：table（默认）或 json。</translation>
    </message>
    <message>
        <source>T = %1, %2 trials, seed %3, %4
</source>
        <translation>T = %1，%2 次试验，种子 %3，%4
</translation>
    </message>
    <message>
        <source>causal</source>
        <translation>因果掩码</translation>
    </message>
    <message>
        <source>no mask</source>
        <translation>无掩码</translation>
    </message>
    <message>
        <source>d</source>
        <translation>d</translation>
    </message>
    <message>
        <source>std of q·k</source>
        <translation>q·k 标准差</translation>
    </message>
    <message>
        <source>√d</source>
        <translation>√d</translation>
    </message>
    <message>
        <source>max weight, unscaled</source>
        <translation>最大权重（不缩放）</translation>
    </message>
    <message>
        <source>max weight, ÷√d</source>
        <translation>最大权重（÷√d）</translation>
    </message>
    <message>
        <source>Times attention (float32, like PyTorch&apos;s default) for each kernel and T: the median time, the rate in GFLOP/s (4·T²·d operations), the growth from the previous T (about 4 when T doubles) and the memory the kernel needs beyond its inputs and output. gemm_gflops is a matrix product timed in the same program, for scale.</source>
        <translation>对每个内核、每个 T 给注意力计时（float32，与 PyTorch 的默认精度相同）：耗时中位数、速率 GFLOP/s（按 4·T²·d 次运算计）、相对上一个 T 的增长（T 翻倍时约为 4），以及内核在输入和输出之外额外需要的内存。gemm_gflops 是同一程序中矩阵乘法的速率，用作参照。</translation>
    </message>
    <message>
        <source>Comma-separated sequence lengths, each 1 to %1 (default 1000,2000,4000).</source>
        <translation>以逗号分隔的序列长度，每个 1 到 %1（默认 1000,2000,4000）。</translation>
    </message>
    <message>
        <source>Width of q, k and v, 1 to %1 (default %2).</source>
        <translation>q、k、v 的宽度，1 到 %1（默认 %2）。</translation>
    </message>
    <message>
        <source>Kernel to time: %1 (default all).</source>
        <translation>要计时的内核：%1（默认 all）。</translation>
    </message>
    <message>
        <source>Apply the causal mask.</source>
        <translation>使用因果掩码。</translation>
    </message>
    <message>
        <source>Threads, 1 to %1 (default: every core).</source>
        <translation>线程数，1 到 %1（默认使用全部核心）。</translation>
    </message>
    <message>
        <source>Timed runs per kernel and T after one warm-up, 1 to %1 (default %2).</source>
        <translation>每个内核、每个 T 在一次预热之后的计时次数，1 到 %1（默认 %2）。</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>T</source>
        <translation>T</translation>
    </message>
    <message>
        <source>median ms</source>
        <translation>耗时中位数 ms</translation>
    </message>
    <message>
        <source>GFLOP/s</source>
        <translation>GFLOP/s</translation>
    </message>
    <message>
        <source>growth</source>
        <translation>增长</translation>
    </message>
    <message>
        <source>extra memory</source>
        <translation>额外内存</translation>
    </message>
    <message>
        <source>unknown preset &quot;%1&quot; (the presets are %2)</source>
        <translation>未知预设 &quot;%1&quot;（可用的预设：%2）</translation>
    </message>
    <message>
        <source>Lists the built-in presets, one name a line. Print one with: attention-cli preset NAME</source>
        <translation>列出内置预设，每行一个名字。输出其中一个：attention-cli preset NAME</translation>
    </message>
    <message>
        <source>Prints a built-in preset as a scenario file (JSON), ready to edit and load.
Presets: %1</source>
        <translation>把内置预设输出为场景文件（JSON），可以直接编辑和加载。
预设：%1</translation>
    </message>
    <message>
        <source>The preset&apos;s name.</source>
        <translation>预设的名字。</translation>
    </message>
    <message>
        <source>missing the preset&apos;s name (the presets are %1)</source>
        <translation>缺少预设名（可用的预设：%1）</translation>
    </message>
    <message>
        <source>Computes the scores, weights and output of a scenario, given as a file or a preset. The options override the scenario&apos;s own settings.
JSON: {&quot;tokens&quot;, &quot;scores&quot;, &quot;weights&quot;, &quot;output&quot;}, a masked score is null. CSV: three tables headed scores, weights and output.</source>
        <translation>计算场景的分数、权重和输出，场景来自文件或预设。选项会覆盖场景自身的设置。
JSON：{&quot;tokens&quot;, &quot;scores&quot;, &quot;weights&quot;, &quot;output&quot;}，被掩码遮住的分数为 null。CSV：三张表，表头分别是 scores、weights 和 output。</translation>
    </message>
    <message>
        <source>A scenario file.</source>
        <translation>场景文件。</translation>
    </message>
    <message>
        <source>Use the built-in preset NAME instead of a file.</source>
        <translation>使用内置预设 NAME，而不是文件。</translation>
    </message>
    <message>
        <source>Multiply every dot product by X (%1 to %2).</source>
        <translation>把每个点积乘以 X（%1 到 %2）。</translation>
    </message>
    <message>
        <source>Hide later tokens (causal mask).</source>
        <translation>遮住后面的词元（因果掩码）。</translation>
    </message>
    <message>
        <source>Let every token see every token.</source>
        <translation>让每个词元都能看到所有词元。</translation>
    </message>
    <message>
        <source>Divide the scores by √d.</source>
        <translation>分数除以 √d。</translation>
    </message>
    <message>
        <source>Do not divide the scores by √d.</source>
        <translation>分数不除以 √d。</translation>
    </message>
    <message>
        <source>Output format: json (default) or csv.</source>
        <translation>输出格式：json（默认）或 csv。</translation>
    </message>
    <message>
        <source>give a scenario file or --preset, not both</source>
        <translation>场景文件和 --preset 只能给一个</translation>
    </message>
    <message>
        <source>give a scenario file or --preset NAME</source>
        <translation>请给出场景文件或 --preset NAME</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <extracomment>What is wrong; see attention-cli COMMAND --help</extracomment>
        <translation>%1；%2</translation>
    </message>
    <message>
        <source>--trials × --T² × --d is %1, more than %2; make one of them smaller</source>
        <translation>--trials × --T² × --d 为 %1，超过了 %2；请减小其中一个</translation>
    </message>
    <message>
        <source>4 × --T² × --d is %1, more than %2; make --T or --d smaller</source>
        <translation>4 × --T² × --d 为 %1，超过了 %2；请减小 --T 或 --d</translation>
    </message>
    <message>
        <source>d = %1, %2, %3; a %4×%4 matrix product runs at %5 GFLOP/s here
</source>
        <translation>d = %1，%2，%3；本机上 %4×%4 矩阵乘法的速率为 %5 GFLOP/s
</translation>
    </message>
    <message numerus="yes">
        <source>%n thread(s)</source>
        <translation>
            <numerusform>%n 个线程</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Lesson</name>
    <message>
        <source>Averaging: one matrix product gives each position the mean of itself and everything before it</source>
        <translation>取平均：每个位置与它之前的所有位置求均值，一次矩阵乘法全部算完</translation>
    </message>
    <message>
        <source>Row 3 of weights · x (&apos;%1&apos;) equals the mean of the first three rows of x: %2</source>
        <translation>weights · x 的第 3 行（&apos;%1&apos;）等于 x 前三行的均值：%2</translation>
    </message>
    <message>
        <source>Scores are dot products: %1&apos;s query %2 is looking for the sky</source>
        <translation>分数就是点积：%1的查询 %2 想找和天空有关的字</translation>
    </message>
    <message>
        <source>scores q·k:</source>
        <translation>分数 q·k：</translation>
    </message>
    <message>
        <source>weights after softmax:</source>
        <translation>经 softmax 得到的权重：</translation>
    </message>
    <message>
        <source>weights of the scores × 5:</source>
        <translation>分数乘以 5 后的权重：</translation>
    </message>
    <message>
        <source>Larger scores make softmax pick a favourite: at × 5, %1 takes %2 of the weight.</source>
        <translation>分数越大，softmax 越偏心：乘以 5 之后，%1独得 %2 的权重。</translation>
    </message>
    <message>
        <source>The causal mask: no looking ahead, scores above the diagonal become −∞ and their weights 0</source>
        <translation>因果掩码：不许往后看，对角线以上的分数改成 −∞，对应的权重随之为 0</translation>
    </message>
    <message>
        <source>random q, k %1 with seed 3, scores divided by √8:</source>
        <translation>随机的 q、k %1（种子 3），分数除以 √8：</translation>
    </message>
    <message>
        <source>Why divide by √d: the wider the vectors, the larger the dot products, and softmax turns all-or-nothing</source>
        <translation>除以 √d 的道理：向量越宽，点积越大，softmax 就越是非此即彼</translation>
    </message>
    <message>
        <source>%1 trials of %2 random queries and keys, seed %3:</source>
        <translation>%1 次试验，每次 %2 个随机查询和键，种子 %3：</translation>
    </message>
    <message>
        <source>d</source>
        <translation>d</translation>
    </message>
    <message>
        <source>std of q·k</source>
        <translation>q·k 标准差</translation>
    </message>
    <message>
        <source>√d</source>
        <translation>√d</translation>
    </message>
    <message>
        <source>largest weight, unscaled</source>
        <translation>最大权重（不缩放）</translation>
    </message>
    <message>
        <source>divided by √d</source>
        <translation>除以 √d 后</translation>
    </message>
    <message>
        <source>The spread of q·k grows like √d; dividing by √d brings it back to about 1 and keeps the weights spread out.</source>
        <translation>q·k 的波动随 √d 增大；除以 √d 后回到 1 左右，权重也就不会全挤到一处。</translation>
    </message>
    <message>
        <source>One attention head: one input, three weight matrices, and out come q, k and v</source>
        <translation>一个注意力头：同一份输入乘上三个权重矩阵，便得到 q、k、v</translation>
    </message>
    <message>
        <source>input %1 → q, k, v each %2 → output %3</source>
        <translation>形状：输入 %1 → q、k、v 各为 %2 → 输出 %3</translation>
    </message>
    <message>
        <source>largest difference to an independent reference: %1 (double), %2 (float32)</source>
        <translation>与独立参考实现的最大差异：%1（双精度），%2（float32）</translation>
    </message>
    <message>
        <source>The cost: T tokens make a T×T table of scores, so doubling T makes four times the work</source>
        <translation>代价：T 个词元产生 T×T 的分数表，T 翻一倍，工作量变成四倍</translation>
    </message>
    <message>
        <source>float32, d = %1 like the head above, the %2 kernel on one thread, median of %3 runs:</source>
        <translation>float32，d = %1（与上面的注意力头相同），%2 内核，单线程，取 %3 次运行的中位数：</translation>
    </message>
    <message>
        <source>T</source>
        <translation>T</translation>
    </message>
    <message>
        <source>time</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>growth</source>
        <translation>增长</translation>
    </message>
    <message>
        <source>T×T table</source>
        <translation>T×T 表</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message>
        <source>Twice the tokens, four times the scores: the time grows about 4× per doubling, and so would the memory of a stored table (this kernel computes it block by block and never stores it whole).</source>
        <translation>词元数翻倍，分数变成四倍：T 每翻一倍，耗时约增至 4 倍；若把整张表存下来，内存也是如此（这个内核按块计算，从不存下整张表）。</translation>
    </message>
    <message>
        <source>Prints the lesson&apos;s program output, section by section: 1 averaging, 2 scores and softmax, 3 the causal mask, 4 dividing by √d, 5 one attention head, 6 the cost.
Random figures are seeded and the same on every machine: x in section 1 with seed 1, q and k in section 3 with seed 3, the √d trials with seed 1, the head in section 5 with seed 5 (the random-head preset), the timed matrices with seed 1.</source>
        <translation>逐节打印课程程序的输出：1 取平均，2 打分与 softmax，3 因果掩码，4 除以 √d，5 一个注意力头，6 代价。
随机数都有固定种子，在任何机器上结果都相同：第 1 节的 x 用种子 1，第 3 节的 q、k 用种子 3，√d 试验用种子 1，第 5 节的注意力头用种子 5（即 random-head 预设），计时用的矩阵用种子 1。</translation>
    </message>
    <message>
        <source>Print only section N, 1 to %1.</source>
        <translation>只打印第 N 节，N 为 1 到 %1。</translation>
    </message>
    <message>
        <source>Language: %1 (default: the system&apos;s).</source>
        <translation>语言：%1（默认跟随系统）。</translation>
    </message>
</context>
<context>
    <name>Presets</name>
    <message>
        <source>床前明月光 with hand-made queries and keys; 光 looks for the sky</source>
        <translation>床前明月光，查询和键均为手工设定；“光”在找天空</translation>
    </message>
    <message>
        <source>Exercise 1: 光 looks for position, query [0, 1]</source>
        <translation>练习 1：“光”改找位置，查询为 [0, 1]</translation>
    </message>
    <message>
        <source>The lesson&apos;s scores multiplied by 5: softmax sharpens</source>
        <translation>课程中的分数乘以 5：softmax 变得更集中</translation>
    </message>
    <message>
        <source>Step 1: every position averages itself and the positions before it</source>
        <translation>第 1 步：每个位置对自己和前面的所有位置取平均</translation>
    </message>
    <message>
        <source>A seeded single head: d_model 16, d_head 8, causal, scaled by √d</source>
        <translation>固定种子的单个注意力头：d_model 16，d_head 8，因果掩码，除以 √d</translation>
    </message>
    <message>
        <source>sky</source>
        <translation>天空</translation>
    </message>
    <message>
        <source>position</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>床前明月光 — average</source>
        <translation>床前明月光 — 取平均</translation>
    </message>
    <message>
        <source>床前明月光 — random head</source>
        <translation>床前明月光 — 随机注意力头</translation>
    </message>
</context>
<context>
    <name>Scenario</name>
    <message>
        <source>: must be a finite number</source>
        <translation>: 必须是有限的数</translation>
    </message>
    <message>
        <source>: %1 is larger in magnitude than %2</source>
        <translation>: %1 的绝对值超过了 %2</translation>
    </message>
    <message>
        <source>tokens: %1 tokens; a scenario needs 1 to %2</source>
        <translation>tokens: %1 个词元；场景需要 1 到 %2 个</translation>
    </message>
    <message>
        <source>tokens[%1]: a token must not be empty</source>
        <translation>tokens[%1]: 词元不能为空</translation>
    </message>
    <message>
        <source>queries: dimension %1; d must be 1 to %2</source>
        <translation>queries: 维度为 %1；d 必须在 1 到 %2 之间</translation>
    </message>
    <message>
        <source>queries: %1 rows for %2 tokens</source>
        <translation>queries: 有 %1 行，但词元有 %2 个</translation>
    </message>
    <message>
        <source>keys: %1 rows for %2 tokens</source>
        <translation>keys: 有 %1 行，但词元有 %2 个</translation>
    </message>
    <message>
        <source>keys: width %1, but queries have width %2</source>
        <translation>keys: 宽度为 %1，但 queries 的宽度为 %2</translation>
    </message>
    <message>
        <source>values: %1 rows for %2 tokens</source>
        <translation>values: 有 %1 行，但词元有 %2 个</translation>
    </message>
    <message>
        <source>values: width %1; it must be 1 to %2</source>
        <translation>values: 宽度为 %1；必须在 1 到 %2 之间</translation>
    </message>
    <message>
        <source>dimension_names: %1 names for dimension %2</source>
        <translation>dimension_names: 有 %1 个名字，但维度为 %2</translation>
    </message>
    <message>
        <source>score_scale: %1 is outside %2 to %3</source>
        <translation>score_scale: %1 不在 %2 到 %3 之间</translation>
    </message>
</context>
<context>
    <name>ScenarioFile</name>
    <message>
        <source>the value %1</source>
        <translation>值 %1</translation>
    </message>
    <message>
        <source>the number %1</source>
        <translation>数字 %1</translation>
    </message>
    <message>
        <source>the string &quot;%1&quot;</source>
        <translation>字符串 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>空</translation>
    </message>
    <message>
        <source>%1 MiB is too large; a scenario file may have at most %2 MiB</source>
        <translation>%1 MiB 太大；场景文件最多 %2 MiB</translation>
    </message>
    <message>
        <source>the number %1 is out of the range of a double</source>
        <translation>数字 %1 超出双精度浮点数的范围</translation>
    </message>
    <message>
        <source>not valid JSON: %1 at offset %2 (line %3)</source>
        <translation>不是有效的 JSON：%1，位于偏移 %2（第 %3 行）</translation>
    </message>
    <message>
        <source>this field is missing</source>
        <translation>缺少此字段</translation>
    </message>
    <message>
        <source>expected a number, found %1</source>
        <translation>应为数字，实际为%1</translation>
    </message>
    <message>
        <source>the number is out of the range of a double</source>
        <translation>数字超出双精度浮点数的范围</translation>
    </message>
    <message>
        <source>expected a string, found %1</source>
        <translation>应为字符串，实际为%1</translation>
    </message>
    <message>
        <source>expected an array, found %1</source>
        <translation>应为数组，实际为%1</translation>
    </message>
    <message>
        <source>expected &quot;%1&quot;, found %2</source>
        <translation>应为 &quot;%1&quot;，实际为%2</translation>
    </message>
    <message>
        <source>unsupported version %1; this program reads version %2</source>
        <translation>不支持版本 %1；本程序读取版本 %2</translation>
    </message>
    <message>
        <source>unknown field &quot;%1&quot;</source>
        <translation>未知字段 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>expected true or false, found %1</source>
        <translation>应为 true 或 false，实际为%1</translation>
    </message>
    <message>
        <source>%1 tokens; a scenario needs 1 to %2</source>
        <translation>%1 个词元；场景需要 1 到 %2 个</translation>
    </message>
    <message>
        <source>a token must not be empty</source>
        <translation>词元不能为空</translation>
    </message>
    <message>
        <source>%1 rows, expected %2 (one per token)</source>
        <translation>%1 行，应为 %2 行（每个词元一行）</translation>
    </message>
    <message>
        <source>width %1; rows need 1 to %2 numbers</source>
        <translation>宽度 %1；每行需要 1 到 %2 个数</translation>
    </message>
    <message>
        <source>width %1, expected %2 (the width of %3)</source>
        <translation>宽度 %1，应为 %2（%3 的宽度）</translation>
    </message>
    <message>
        <source>expected an object, found %1</source>
        <translation>应为对象，实际为%1</translation>
    </message>
    <message>
        <source>No scenario file name given.</source>
        <translation>未指定场景文件名。</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>文件不存在</translation>
    </message>
    <message>
        <source>is a directory, not a scenario file</source>
        <translation>是目录，不是场景文件</translation>
    </message>
    <message>
        <source>is not a regular file</source>
        <translation>不是普通文件</translation>
    </message>
    <message>
        <source>cannot be read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>the scenario is not valid: %1</source>
        <translation>场景无效：%1</translation>
    </message>
    <message>
        <source>cannot be written: %1</source>
        <translation>无法写入：%1</translation>
    </message>
    <message>
        <source>not valid Unicode: an unpaired surrogate</source>
        <translation>不是有效的 Unicode：含有未配对的代理项</translation>
    </message>
</context>
<context>
    <name>attention::CompareView</name>
    <message>
        <source>causal mask on</source>
        <translation>因果掩码：开</translation>
    </message>
    <message>
        <source>causal mask off</source>
        <translation>因果掩码：关</translation>
    </message>
    <message>
        <source>÷ √d on</source>
        <translation>÷ √d：开</translation>
    </message>
    <message>
        <source>÷ √d off</source>
        <translation>÷ √d：关</translation>
    </message>
    <message>
        <source>scale %1×</source>
        <translation>缩放 %1×</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>Compare with:</source>
        <translation>对比：</translation>
    </message>
    <message>
        <source>the causal mask flipped</source>
        <translation>因果掩码取反</translation>
    </message>
    <message>
        <source>dividing by √d flipped</source>
        <translation>除以 √d 取反</translation>
    </message>
    <message>
        <source>the score scale at 1×</source>
        <translation>分数缩放设为 1×</translation>
    </message>
    <message>
        <source>Which switch differs in this second heatmap of the same scenario.</source>
        <translation>这张热力图与主图是同一个场景，只改变了这里选的一个开关。</translation>
    </message>
</context>
<context>
    <name>attention::ControlsPanel</name>
    <message>
        <source>d = %1, the scenario&apos;s own</source>
        <translation>d = %1，场景自带</translation>
    </message>
    <message>
        <source>d = %1, random</source>
        <translation>d = %1，随机</translation>
    </message>
    <message>
        <source>Score scale</source>
        <translation>分数缩放</translation>
    </message>
    <message>
        <source>Multiply every score by this factor (0.1× to 20×, marks at 1× and 5×): larger makes softmax sharper, smaller makes it flatter.</source>
        <translation>把每个分数乘以这个倍数（0.1× 到 20×，1× 和 5× 处有刻度）：越大，softmax 越集中；越小，越平均。</translation>
    </message>
    <message>
        <source>Drag to scale the scores; the heatmaps and the chart follow.</source>
        <translation>拖动以缩放分数，热力图和柱状图随之更新。</translation>
    </message>
    <message>
        <source>The exact factor every dot product is multiplied by.</source>
        <translation>每个点积所乘的精确倍数。</translation>
    </message>
    <message>
        <source>Divide by √d</source>
        <translation>除以 √d</translation>
    </message>
    <message>
        <source>Divide the scores by the square root of the dimension d, as Transformers do, so that large d does not make softmax collapse.</source>
        <translation>像 Transformer 那样把分数除以维度 d 的平方根，这样 d 很大时 softmax 也不会全部挤到一个键上。</translation>
    </message>
    <message>
        <source>Causal mask</source>
        <translation>因果掩码</translation>
    </message>
    <message>
        <source>Hide later tokens: each query sees only itself and the tokens before it (their scores become −∞).</source>
        <translation>遮住后面的词元：每个查询只能看到自己和前面的词元（其余分数变为 −∞）。</translation>
    </message>
    <message>
        <source>Dimension d</source>
        <translation>维度 d</translation>
    </message>
    <message>
        <source>Replace q and k by seeded random vectors of dimension d (1 to 1024) for the same tokens. Back at the original d, the hand-made vectors return.</source>
        <translation>为同样的词元换上维度为 d（1 到 1024）、种子固定的随机 q 和 k。回到原来的 d，手工设定的向量就会恢复。</translation>
    </message>
    <message>
        <source>Drag d up and compare the weights with and without dividing by √d.</source>
        <translation>把 d 调大，对比除以 √d 与不除时的权重。</translation>
    </message>
    <message>
        <source>The dimension of the queries and keys, and whether they are hand-made or random.</source>
        <translation>查询和键的维度，以及它们是手工设定的还是随机生成的。</translation>
    </message>
    <message>
        <source>Re-roll</source>
        <translation>重新抽取</translation>
    </message>
    <message>
        <source>Draw new random queries and keys of the same dimension.</source>
        <translation>以相同的维度重新随机生成查询和键。</translation>
    </message>
</context>
<context>
    <name>attention::HeatmapWidget</name>
    <message>
        <source>Save Heatmap Image</source>
        <translation>保存热力图图片</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG 图片 (*.png);;SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>Copy Image</source>
        <translation>复制图片</translation>
    </message>
    <message>
        <source>Save Image As…</source>
        <translation>图片另存为…</translation>
    </message>
    <message>
        <source>Fixed 0–1 Colour Scale</source>
        <translation>固定 0–1 色标</translation>
    </message>
    <message>
        <source>Colour the weights on a fixed 0 to 1 scale, so heatmaps stay comparable</source>
        <translation>权重始终按 0 到 1 着色，便于比较不同的热力图</translation>
    </message>
    <message>
        <source>Hover a cell to see how it is computed; click a row to choose that query.</source>
        <translation>鼠标停在格子上可查看计算过程；点击一行可选中该查询。</translation>
    </message>
    <message>
        <source>masked</source>
        <translation>已遮住</translation>
    </message>
    <message>
        <source>Scores</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>Attention weights</source>
        <translation>注意力权重</translation>
    </message>
    <message>
        <source>Values v</source>
        <translation>值 v</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>scores = %1 × q·k ÷ √%2</source>
        <translation>分数 = %1 × q·k ÷ √%2</translation>
    </message>
    <message>
        <source>scores = %1 × q·k</source>
        <translation>分数 = %1 × q·k</translation>
    </message>
    <message>
        <source>; −∞ above the diagonal (causal mask)</source>
        <translation>；对角线以上为 −∞（因果掩码）</translation>
    </message>
    <message>
        <source>softmax of each score row; colours 0 to 1</source>
        <translation>对每行分数做 softmax；颜色范围 0 到 1</translation>
    </message>
    <message>
        <source>softmax of each score row; colours from the smallest to the largest weight</source>
        <translation>对每行分数做 softmax；颜色从最小权重到最大权重</translation>
    </message>
    <message>
        <source>one row per token</source>
        <translation>每个词元一行</translation>
    </message>
    <message>
        <source>output = weights · v</source>
        <translation>输出 = 权重 · v</translation>
    </message>
    <message>
        <source>Query %1 → key %2</source>
        <translation>查询 %1 → 键 %2</translation>
    </message>
    <message>
        <source>Masked: %1 comes after %2, and the causal mask hides later tokens.</source>
        <translation>已遮住：%1 在 %2 之后，因果掩码会遮住后面的词元。</translation>
    </message>
    <message>
        <source>score = −∞, so weight = e^−∞ / Σ = 0</source>
        <translation>分数 = −∞，所以权重 = e^−∞ / Σ = 0</translation>
    </message>
    <message>
        <source>× scale %1 ÷ √%2 = %3</source>
        <translation>× 缩放 %1 ÷ √%2 = %3</translation>
    </message>
    <message>
        <source>× scale %1 = %2</source>
        <translation>× 缩放 %1 = %2</translation>
    </message>
    <message>
        <source>weight = e^%1 / Σ e^score = %2 / %3 = %4</source>
        <translation>权重 = e^%1 / Σ e^分数 = %2 / %3 = %4</translation>
    </message>
    <message>
        <source>weight = e^%1 / Σ e^score = %2</source>
        <translation>权重 = e^%1 / Σ e^分数 = %2</translation>
    </message>
    <message>
        <source>Value of %1, component %2</source>
        <translation>%1 的值，分量 %2</translation>
    </message>
    <message>
        <source>Output of %1, component %2</source>
        <translation>%1 的输出，分量 %2</translation>
    </message>
    <message>
        <source>Could not write the image %1.</source>
        <translation>无法写入图片 %1。</translation>
    </message>
    <message>
        <source>Could not write the drawing %1.</source>
        <translation>无法写入矢量图 %1。</translation>
    </message>
    <message>
        <source>Token %1</source>
        <translation>词元 %1</translation>
    </message>
    <message>
        <source>Click to choose this query.</source>
        <translation>点击选中这个查询。</translation>
    </message>
    <message>
        <source>one-hot rows</source>
        <translation>每行是独热向量</translation>
    </message>
</context>
<context>
    <name>attention::MainWindow</name>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <source>Start again from the lesson&apos;s scenario</source>
        <translation>从课程的场景重新开始</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a scenario file (JSON)</source>
        <translation>打开场景文件（JSON）</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Clear List</source>
        <translation>清空列表(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save the scenario to its file</source>
        <translation>把场景保存到它的文件</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Save the scenario to a new file</source>
        <translation>把场景保存为新文件</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>Scores Heatmap as &amp;PNG…</source>
        <translation>分数热力图（PNG）(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;Weights Heatmap as PNG…</source>
        <translation>权重热力图（PNG）(&amp;W)…</translation>
    </message>
    <message>
        <source>Scores Heatmap as &amp;SVG…</source>
        <translation>分数热力图（SVG）(&amp;S)…</translation>
    </message>
    <message>
        <source>Weights Heatmap as S&amp;VG…</source>
        <translation>权重热力图（SVG）(&amp;V)…</translation>
    </message>
    <message>
        <source>Save the heatmap as a PNG image at twice the screen resolution</source>
        <translation>把热力图保存为两倍屏幕分辨率的 PNG 图片</translation>
    </message>
    <message>
        <source>Save the heatmap as an SVG drawing for slides</source>
        <translation>把热力图保存为 SVG 矢量图，方便放进幻灯片</translation>
    </message>
    <message>
        <source>Scores as &amp;CSV…</source>
        <translation>分数（CSV）(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Output as CSV…</source>
        <translation>输出（CSV）(&amp;O)…</translation>
    </message>
    <message>
        <source>Save the numbers as a table, one row per token</source>
        <translation>把数字保存为表格，每个词元一行</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Close Attention Lab</source>
        <translation>关闭注意力实验室</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>Undo the last change</source>
        <translation>撤销上一次修改</translation>
    </message>
    <message>
        <source>Redo the change just undone</source>
        <translation>重做刚撤销的修改</translation>
    </message>
    <message>
        <source>&amp;Copy Weights Image</source>
        <translation>复制权重图片(&amp;C)</translation>
    </message>
    <message>
        <source>Copy the weights heatmap to the clipboard as an image</source>
        <translation>把权重热力图作为图片复制到剪贴板</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Full Screen</source>
        <translation>全屏(&amp;F)</translation>
    </message>
    <message>
        <source>Fill the screen, for presenting</source>
        <translation>铺满屏幕，便于演示</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Larger text and cells, for a projector</source>
        <translation>放大文字和格子，适合投影</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>Smaller text and cells</source>
        <translation>缩小文字和格子</translation>
    </message>
    <message>
        <source>&amp;Reset Zoom</source>
        <translation>恢复原始大小(&amp;R)</translation>
    </message>
    <message>
        <source>Normal text size</source>
        <translation>正常文字大小</translation>
    </message>
    <message>
        <source>Fixed 0–1 &amp;Weight Colours</source>
        <translation>权重固定按 0–1 着色(&amp;W)</translation>
    </message>
    <message>
        <source>Colour weights from 0 to 1 always, so sharpening is easy to compare; off: from the smallest to the largest weight shown</source>
        <translation>权重始终按 0 到 1 着色，便于比较集中的程度；关闭后按所显示权重的最小值到最大值着色</translation>
    </message>
    <message>
        <source>&amp;Panels</source>
        <translation>面板(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Presets</source>
        <translation>预设(&amp;P)</translation>
    </message>
    <message>
        <source>Load the preset “%1” (undoable)</source>
        <translation>载入预设“%1”（可撤销）</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>Switch the interface language</source>
        <translation>切换界面语言</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About Attention Lab</source>
        <translation>关于注意力实验室(&amp;A)</translation>
    </message>
    <message>
        <source>Version, Qt and Eigen versions</source>
        <translation>版本号，以及 Qt 和 Eigen 的版本</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <source>Vector plane</source>
        <translation>向量平面</translation>
    </message>
    <message>
        <source>Weights of the selected query</source>
        <translation>所选查询的权重</translation>
    </message>
    <message>
        <source>Queries, keys and values</source>
        <translation>查询、键和值</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Output = weights · values</source>
        <translation>输出 = 权重 · 值</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>撤销“%1”(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>重做“%1”(&amp;R)</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>%1[*] — Attention Lab</source>
        <translation>%1[*] — 注意力实验室</translation>
    </message>
    <message>
        <source>scale %1×</source>
        <translation>缩放 %1×</translation>
    </message>
    <message>
        <source>÷ √d</source>
        <translation>÷ √d</translation>
    </message>
    <message>
        <source>no ÷ √d</source>
        <translation>不 ÷ √d</translation>
    </message>
    <message>
        <source>causal</source>
        <translation>因果掩码</translation>
    </message>
    <message>
        <source>full attention</source>
        <translation>无掩码</translation>
    </message>
    <message>
        <source>Tokens, dimension and the switches of the current scenario</source>
        <translation>当前场景的词元数、维度和各个开关</translation>
    </message>
    <message>
        <source>Restore the hand-made queries and keys</source>
        <translation>恢复手工设定的查询和键</translation>
    </message>
    <message>
        <source>Random queries and keys, d = %1</source>
        <translation>随机查询和键，d = %1</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>Cannot Open Scenario</source>
        <translation>无法打开场景</translation>
    </message>
    <message>
        <source>Cannot Save Scenario</source>
        <translation>无法保存场景</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Load preset %1</source>
        <translation>载入预设 %1</translation>
    </message>
    <message>
        <source>Cannot Export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Open Scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <source>Scenario files (*.json);;All files (*)</source>
        <translation>场景文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save Scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <source>Scenario files (*.json)</source>
        <translation>场景文件 (*.json)</translation>
    </message>
    <message>
        <source>Export Heatmap</source>
        <translation>导出热力图</translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <source>Export Table</source>
        <translation>导出表格</translation>
    </message>
    <message>
        <source>CSV table (*.csv)</source>
        <translation>CSV 表格 (*.csv)</translation>
    </message>
    <message>
        <source>The weights heatmap is on the clipboard</source>
        <translation>权重热力图已复制到剪贴板</translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation>未保存的修改</translation>
    </message>
    <message>
        <source>The scenario has changes that are not saved. Save them first?</source>
        <translation>场景有尚未保存的修改。要先保存吗？</translation>
    </message>
    <message>
        <source>Zoom %1%</source>
        <translation>缩放 %1%</translation>
    </message>
    <message>
        <source>About Attention Lab</source>
        <translation>关于注意力实验室</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Attention Lab %1&lt;/h3&gt;&lt;p&gt;Learn how attention in Transformers works by touching every number: queries, keys, scores, softmax, the causal mask and the output.&lt;/p&gt;&lt;p&gt;Built with Qt %2 (running on Qt %3) and Eigen %4.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;注意力实验室 %1&lt;/h3&gt;&lt;p&gt;亲手改动每一个数字，弄懂 Transformer 中的注意力：查询、键、分数、softmax、因果掩码和输出。&lt;/p&gt;&lt;p&gt;基于 Qt %2 构建（当前运行的是 Qt %3），数值计算使用 Eigen %4。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>We&amp;ights as CSV…</source>
        <translation>权重（CSV）(&amp;I)…</translation>
    </message>
    <message>
        <source>Controls</source>
        <translation>控制栏</translation>
    </message>
    <message>
        <source>%1 is a folder, not a file; nothing was written.</source>
        <translation>%1 是文件夹，不是文件；没有写入任何内容。</translation>
    </message>
    <message>
        <source>%1 is read-only; it was left as it was.</source>
        <translation>%1 是只读文件；它保持原样。</translation>
    </message>
    <message>
        <source>The scenario would not read back the same from a file (%1), so %2 was not written.</source>
        <translation>场景写入文件后无法原样读回（%1），因此没有写入 %2。</translation>
    </message>
    <message>
        <source>different values</source>
        <translation>数值不同</translation>
    </message>
    <message>
        <source>%1 was written but does not read back the same scenario (%2); keep the window open and save again elsewhere.</source>
        <translation>%1 已写入，但读回的场景不一致（%2）；请不要关闭窗口，另存到其他位置。</translation>
    </message>
    <message>
        <source>Cannot Restore Scenario</source>
        <translation>无法恢复场景</translation>
    </message>
    <message>
        <source>Restore Unsaved Scenario</source>
        <translation>恢复未保存的场景</translation>
    </message>
    <message>
        <source>Attention Lab did not close properly last time. Restore the unsaved scenario from %1?</source>
        <translation>Attention Lab 上次没有正常关闭。要恢复 %1 时未保存的场景吗？</translation>
    </message>
    <message>
        <source>It was an edit of %1.</source>
        <translation>这是对 %1 的修改。</translation>
    </message>
    <message>
        <source>&amp;Restore</source>
        <translation>恢复(&amp;R)</translation>
    </message>
</context>
<context>
    <name>attention::OutputView</name>
    <message>
        <source>Each output row is the weighted sum of the value rows, with the weights of that row&apos;s query.</source>
        <translation>每一行输出都是各行值的加权和，权重来自这一行的查询。</translation>
    </message>
</context>
<context>
    <name>attention::ScenarioDocument</name>
    <message>
        <source>Rename scenario</source>
        <translation>重命名场景</translation>
    </message>
    <message>
        <source>Change score scale</source>
        <translation>修改分数缩放</translation>
    </message>
    <message>
        <source>Divide by √d</source>
        <translation>除以 √d</translation>
    </message>
    <message>
        <source>Do not divide by √d</source>
        <translation>不除以 √d</translation>
    </message>
    <message>
        <source>Turn causal mask on</source>
        <translation>打开因果掩码</translation>
    </message>
    <message>
        <source>Turn causal mask off</source>
        <translation>关闭因果掩码</translation>
    </message>
    <message>
        <source>There is no entry %1 of token %2.</source>
        <translation>第 %2 个词元没有第 %1 项。</translation>
    </message>
    <message>
        <source>Edit %1</source>
        <translation>编辑 %1</translation>
    </message>
    <message>
        <source>A vector of width %1 does not fit token %2.</source>
        <translation>宽度为 %1 的向量与第 %2 个词元不匹配。</translation>
    </message>
    <message>
        <source>Move %1</source>
        <translation>移动 %1</translation>
    </message>
    <message>
        <source>There is no token %1.</source>
        <translation>没有第 %1 个词元。</translation>
    </message>
    <message>
        <source>Rename token</source>
        <translation>重命名词元</translation>
    </message>
    <message>
        <source>A token cannot be inserted at position %1.</source>
        <translation>无法在第 %1 个位置插入词元。</translation>
    </message>
    <message>
        <source>Add token</source>
        <translation>添加词元</translation>
    </message>
    <message>
        <source>A scenario needs at least one token.</source>
        <translation>场景至少需要一个词元。</translation>
    </message>
    <message>
        <source>Remove token</source>
        <translation>删除词元</translation>
    </message>
    <message>
        <source>The dimension must be 1 to %1.</source>
        <translation>维度必须在 1 到 %1 之间。</translation>
    </message>
    <message>
        <source>Change dimension to %1</source>
        <translation>把维度改为 %1</translation>
    </message>
    <message>
        <source>There is no dimension %1.</source>
        <translation>没有第 %1 维。</translation>
    </message>
    <message>
        <source>Rename dimension</source>
        <translation>重命名维度</translation>
    </message>
</context>
<context>
    <name>attention::VectorEditor</name>
    <message>
        <source>token %1</source>
        <translation>词元 %1</translation>
    </message>
    <message>
        <source>Not changed: %1</source>
        <translation>未修改：%1</translation>
    </message>
    <message>
        <source>Add token</source>
        <translation>添加词元</translation>
    </message>
    <message>
        <source>Add a token after the current row, with zero query and key; then type its name.</source>
        <translation>在当前行之后添加一个词元，查询和键都为零；随后输入它的名字。</translation>
    </message>
    <message>
        <source>Remove token</source>
        <translation>删除词元</translation>
    </message>
    <message>
        <source>Remove the token of the current row (a scenario keeps at least one token).</source>
        <translation>删除当前行的词元（场景至少保留一个词元）。</translation>
    </message>
    <message>
        <source>&amp;d =</source>
        <translation>&amp;d =</translation>
    </message>
    <message>
        <source>d, the width of every query and key (1 to %1). New dimensions start at 0; lowering d drops the last dimensions (undo brings them back).</source>
        <translation>d：每个查询和键的维数（1 到 %1）。新增的维度从 0 开始；减小 d 会去掉最后几个维度（撤销可以找回）。</translation>
    </message>
    <message>
        <source>Each row is a token: its query (what it looks for), key (what it offers) and value (what it passes on). Double-click or type to edit; arrow keys and the wheel change a number step by step.</source>
        <translation>每一行是一个词元：它的查询（要找什么）、键（能提供什么）和值（传递什么）。双击或直接输入即可编辑；方向键和滚轮可以逐步调整数值。</translation>
    </message>
    <message>
        <source>Why the last edit was not applied</source>
        <translation>上一次编辑没有生效的原因</translation>
    </message>
</context>
<context>
    <name>attention::VectorPlane</name>
    <message>
        <source>Keys (solid) and queries (dashed) as arrows from the origin.
Drag an arrow&apos;s tip to change that vector; hold Shift to snap to 0.1.
Click a query&apos;s tip to select it.</source>
        <translation>键（实线）和查询（虚线）都画成从原点出发的箭头。
拖动箭头的尖端即可修改这个向量；按住 Shift 时按 0.1 对齐。
点击查询的尖端可以选中它。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>&amp;Horizontal:</source>
        <translation>横轴(&amp;H)：</translation>
    </message>
    <message>
        <source>&amp;Vertical:</source>
        <translation>纵轴(&amp;V)：</translation>
    </message>
    <message>
        <source>The dimension of the queries and keys on the horizontal axis</source>
        <translation>横轴上显示查询和键的哪个维度</translation>
    </message>
    <message>
        <source>The dimension of the queries and keys on the vertical axis</source>
        <translation>纵轴上显示查询和键的哪个维度</translation>
    </message>
    <message>
        <source>Vector plane</source>
        <translation>向量平面</translation>
    </message>
    <message>
        <source>Queries and keys drawn as arrows; drag a tip to change that vector.</source>
        <translation>查询和键画成箭头；拖动尖端即可修改该向量。</translation>
    </message>
    <message>
        <source>q(%1) = [%2]</source>
        <translation>q(%1) = [%2]</translation>
    </message>
    <message>
        <source>k(%1) = [%2]</source>
        <translation>k(%1) = [%2]</translation>
    </message>
    <message>
        <source>masked (−∞)</source>
        <translation>已遮住（−∞）</translation>
    </message>
    <message>
        <source>  q(%1)·k(%2) = %3, score %4, weight %5</source>
        <translation>  q(%1)·k(%2) = %3，分数 %4，权重 %5</translation>
    </message>
    <message>
        <source>q(%1)</source>
        <translation>q(%1)</translation>
    </message>
    <message>
        <source>k(%1)</source>
        <translation>k(%1)</translation>
    </message>
    <message>
        <source>Dragging here moves %1.</source>
        <translation>在这里拖动会移动 %1。</translation>
    </message>
    <message>
        <source>Drag the tip to change %1.</source>
        <translation>拖动尖端可以修改 %1。</translation>
    </message>
    <message>
        <source>Click to select this query.</source>
        <translation>点击可选中这个查询。</translation>
    </message>
    <message>
        <source>q %1</source>
        <translation>q %1</translation>
    </message>
    <message>
        <source>k %1</source>
        <translation>k %1</translation>
    </message>
    <message>
        <source>keys</source>
        <translation>键</translation>
    </message>
    <message>
        <source>queries</source>
        <translation>查询</translation>
    </message>
</context>
<context>
    <name>attention::VectorTableModel</name>
    <message>
        <source>Token %1 of %2</source>
        <translation>第 %1 个词元，共 %2 个</translation>
    </message>
    <message>
        <source>A token needs a name; an empty name is not accepted.</source>
        <translation>词元需要一个名字；不能为空。</translation>
    </message>
    <message>
        <source>“%1” is not a number.</source>
        <translation>“%1”不是数字。</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>q·%1</source>
        <extracomment>Table header of a query entry along a named dimension, e.g. &quot;q·sky&quot;.</extracomment>
        <translation>q·%1</translation>
    </message>
    <message>
        <source>q%1</source>
        <translation>q%1</translation>
    </message>
    <message>
        <source>k·%1</source>
        <extracomment>Table header of a key entry along a named dimension, e.g. &quot;k·sky&quot;.</extracomment>
        <translation>k·%1</translation>
    </message>
    <message>
        <source>k%1</source>
        <translation>k%1</translation>
    </message>
    <message>
        <source>v%1</source>
        <translation>v%1</translation>
    </message>
    <message>
        <source>The token&apos;s name. Double-click a name to rename the token.</source>
        <translation>词元的名字。双击名字可以重命名。</translation>
    </message>
    <message>
        <source>Query, dimension %1 (%2): what each token looks for.</source>
        <translation>查询，第 %1 维（%2）：每个词元要找什么。</translation>
    </message>
    <message>
        <source>Key, dimension %1 (%2): what each token offers to the queries.</source>
        <translation>键，第 %1 维（%2）：每个词元向查询提供什么。</translation>
    </message>
    <message>
        <source>Value, entry %1: what each token passes on when it is attended to.</source>
        <translation>值，第 %1 项：词元被关注时传递出去的内容。</translation>
    </message>
    <message>
        <source>Token %1: “%2”. Double-click to rename it.</source>
        <translation>第 %1 个词元：“%2”。双击可以重命名。</translation>
    </message>
    <message>
        <source>Query of “%1”, dimension %2 (%3) = %4
How strongly “%1” looks for %3.</source>
        <translation>“%1”的查询，第 %2 维（%3）= %4
“%1”有多想找 %3。</translation>
    </message>
    <message>
        <source>Key of “%1”, dimension %2 (%3) = %4
How strongly “%1” offers %3 to the queries.</source>
        <translation>“%1”的键，第 %2 维（%3）= %4
“%1”向查询提供多少 %3。</translation>
    </message>
    <message>
        <source>Value of “%1”, entry %2 = %3
What “%1” passes on to the tokens that attend to it.</source>
        <translation>“%1”的值，第 %2 项 = %3
“%1”传递给关注它的词元的内容。</translation>
    </message>
</context>
<context>
    <name>attention::WeightsChart</name>
    <message>
        <source>Weights of the selected query</source>
        <translation>所选查询的权重</translation>
    </message>
    <message>
        <source>Weights of %1&apos;s query over the keys</source>
        <translation>%1 的查询在各个键上的权重</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>keys 1 to %1</source>
        <translation>键 1 到 %1</translation>
    </message>
    <message>
        <source>keys</source>
        <translation>键</translation>
    </message>
    <message>
        <source>The selected query&apos;s weights: how much it takes from each key. Click a heatmap row to choose another query.</source>
        <translation>所选查询的权重：它从每个键各取多少。点击热力图中的一行可以换一个查询。</translation>
    </message>
    <message>
        <source>Bar chart of the selected query&apos;s weights over the keys (0 to 1).</source>
        <translation>所选查询在各个键上的权重柱状图（0 到 1）。</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>%1 (see --help)</source>
        <translation>%1（参见 --help）</translation>
    </message>
    <message>
        <source>Attention Lab: learn how attention in Transformers works by touching every number.</source>
        <translation>注意力实验室：亲手改动每一个数字，弄懂 Transformer 中的注意力。</translation>
    </message>
    <message>
        <source>Start with the built-in preset NAME (%1).</source>
        <translation>以内置预设 NAME 开始（%1）。</translation>
    </message>
    <message>
        <source>Interface language: en or zh_CN (default: the last one used, else the system&apos;s).</source>
        <translation>界面语言：en 或 zh_CN（默认用上次的语言，否则跟随系统）。</translation>
    </message>
    <message>
        <source>Lay the window out at %1 × %2 pixels, save it as FILE.png and exit.</source>
        <translation>把窗口按 %1 × %2 像素排好，保存为 FILE.png 后退出。</translation>
    </message>
    <message>
        <source>A scenario file to open.</source>
        <translation>要打开的场景文件。</translation>
    </message>
    <message>
        <source>only one scenario file can be opened</source>
        <translation>只能打开一个场景文件</translation>
    </message>
    <message>
        <source>unknown preset “%1”; the presets are: %2</source>
        <translation>未知预设“%1”；可用的预设：%2</translation>
    </message>
    <message>
        <source>give a scenario file or --preset, not both</source>
        <translation>场景文件和 --preset 只能给一个</translation>
    </message>
    <message>
        <source>--screenshot needs a file name</source>
        <translation>--screenshot 需要一个文件名</translation>
    </message>
    <message>
        <source>unknown language “%1”; use en or zh_CN</source>
        <translation>未知语言“%1”；请用 en 或 zh_CN</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
</context>
</TS>
