// Prints, as one JSON object, what ns-3.37's 802.11n receiver model makes of an SNR: the SNR
// thresholds IdealWifiManager picks MCS 0–7 by (its default BerThreshold, 1e-6), and the packet
// error rate of TableBasedErrorRateModel (the default error model of YansWifiPhy) for frames of a
// few sizes at every MCS, from −2 to 30 dB in 0.25 dB steps. rclsim's built-in error model
// (src/network/mcs.ts) is fitted to these; test/network/radioCalibration.test.ts compares the two.
#include "ns3/core-module.h"
#include "ns3/wifi-module.h"

#include <cmath>
#include <cstdio>

using namespace ns3;

namespace
{
WifiTxVector HtTxVector(uint8_t mcs)
{
    WifiTxVector tx;
    tx.SetMode(HtPhy::GetHtMcs(mcs));
    tx.SetChannelWidth(20);
    tx.SetNss(1);
    tx.SetGuardInterval(800);
    return tx;
}
} // namespace

int main()
{
    const Ptr<ErrorRateModel> model = CreateObject<TableBasedErrorRateModel>();
    const double idealBerThreshold = 1e-6;
    std::printf("{\"idealThresholdsDb\":[");
    for (uint8_t mcs = 0; mcs < 8; mcs++)
    {
        std::printf("%s%.4f", mcs == 0 ? "" : ",", 10 * std::log10(model->CalculateSnr(HtTxVector(mcs), idealBerThreshold)));
    }
    std::printf("],\"curves\":[");
    bool first = true;
    for (const uint32_t bytes : {200u, 1538u, 4096u})
    {
        for (uint8_t mcs = 0; mcs < 8; mcs++)
        {
            const WifiTxVector tx = HtTxVector(mcs);
            std::printf("%s{\"bytes\":%u,\"mcs\":%u,\"points\":[", first ? "" : ",", bytes, mcs);
            first = false;
            for (int step = 0; step <= 128; step++)
            {
                const double snrDb = -2 + 0.25 * step;
                const double per = 1 - model->GetChunkSuccessRate(tx.GetMode(), tx, std::pow(10, snrDb / 10), 8 * bytes);
                std::printf("%s[%.2f,%.6g]", step == 0 ? "" : ",", snrDb, per);
            }
            std::printf("]}");
        }
    }
    std::printf("]}\n");
}
