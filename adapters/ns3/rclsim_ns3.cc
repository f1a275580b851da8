// rclsim's ns-3 adapter: one ns-3 node per rclsim host, IEEE 802.11n ad hoc on one channel,
// UDP datagrams of the sizes rclsim sends, the channel between each pair of hosts as rclsim's
// environment model gives it (MatrixPropagationLossModel). Speaks proto/netsim.proto over the
// Unix socket rclsim names on the command line (docs/netsim-protocol.md).
//
//   rclsim-ns3 SOCKET_PATH            connect to rclsim (network.external.command)
//   rclsim-ns3 --listen SOCKET_PATH   wait for rclsim to connect (network.external.connect)
#include "netsim.pb.h"

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/mobility-module.h"
#include "ns3/network-module.h"
#include "ns3/propagation-module.h"
#include "ns3/wifi-module.h"

#include <arpa/inet.h>
#include <chrono>
#include <sys/socket.h>
#include <sys/un.h>
#include <cerrno>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>

using namespace ns3;
namespace proto = rclsim::netsim;

namespace
{

const uint16_t kPort = 9000;
// A pair the run has not described yet cannot hear each other.
const double kNoLinkDb = 500.0;

int g_fd = -1;
// How long to wait for rclsim's next message by polling before blocking: a process blocked in
// read() is woken some 60 µs after the write on a virtual machine, one that polls at once, and
// most waits in exact mode are shorter than that wake-up. None on a single CPU, where polling
// would take the CPU from rclsim itself.
std::chrono::microseconds g_pollFor{0};
NodeContainer g_nodes;
std::vector<Ptr<Socket>> g_sockets;
std::vector<Ipv4Address> g_addresses;
Ptr<MatrixPropagationLossModel> g_loss;
bool g_exact = true;
proto::Reply g_reply;
EventId g_stopEvent;
// Datagrams sent and not yet delivered or dropped, with their group: each gets one outcome (a frame
// can be received and still be dropped by its sender, whose acknowledgement was lost).
std::unordered_map<uint64_t, uint64_t> g_inFlight;
// Per group, its datagrams not yet delivered (a group is done when that reaches 0 or one is dropped).
std::unordered_map<uint64_t, uint32_t> g_groupLeft;

// The outcome of a datagram: true when exact mode stops here (its group is complete or failed).
bool Settle(uint64_t id, bool delivered)
{
    auto found = g_inFlight.find(id);
    if (found == g_inFlight.end())
    {
        return false;
    }
    const uint64_t group = found->second;
    g_inFlight.erase(found);
    auto left = g_groupLeft.find(group);
    if (left == g_groupLeft.end())
    {
        return true;
    }
    if (!delivered || --left->second == 0)
    {
        g_groupLeft.erase(left);
        return true;
    }
    return false;
}

void Fail(const std::string& what)
{
    std::fprintf(stderr, "rclsim-ns3: %s\n", what.c_str());
    std::exit(1);
}

// Returns once a read would not block, or after g_pollFor (then read() blocks).
void PollForMessage()
{
    const auto until = std::chrono::steady_clock::now() + g_pollFor;
    char byte;
    while (recv(g_fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT) < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) &&
           std::chrono::steady_clock::now() < until)
    {
    }
}

bool ReadAll(void* data, size_t size)
{
    auto* bytes = static_cast<uint8_t*>(data);
    while (size > 0)
    {
        ssize_t n = read(g_fd, bytes, size);
        if (n <= 0)
        {
            return false;
        }
        bytes += n;
        size -= static_cast<size_t>(n);
    }
    return true;
}

void WriteAll(const void* data, size_t size)
{
    const auto* bytes = static_cast<const uint8_t*>(data);
    while (size > 0)
    {
        ssize_t n = write(g_fd, bytes, size);
        if (n <= 0)
        {
            Fail("cannot write to rclsim");
        }
        bytes += n;
        size -= static_cast<size_t>(n);
    }
}

// One write per message: a reader woken by the length alone would wait again for the body.
void Send(const proto::FromSimulator& message)
{
    std::string frame(4, '\0');
    message.AppendToString(&frame);
    const uint32_t length = htonl(static_cast<uint32_t>(frame.size() - 4));
    std::memcpy(frame.data(), &length, 4);
    WriteAll(frame.data(), frame.size());
}

uint64_t NowNs()
{
    return static_cast<uint64_t>(Simulator::Now().GetNanoSeconds());
}

// The datagram's id rides in the first 8 octets of its payload.
uint64_t IdOf(Ptr<const Packet> payload)
{
    uint8_t bytes[8] = {0};
    payload->CopyData(bytes, 8);
    uint64_t id = 0;
    for (int i = 0; i < 8; i++)
    {
        id = (id << 8) | bytes[i];
    }
    return id;
}

void Received(Ptr<Socket> socket)
{
    Ptr<Packet> packet;
    while ((packet = socket->Recv()))
    {
        const uint64_t id = IdOf(packet);
        if (g_inFlight.count(id) == 0)
        {
            continue;
        }
        proto::Delivery* delivery = g_reply.add_deliveries();
        delivery->set_id(id);
        delivery->set_time_ns(NowNs());
        // Exact: rclsim hears of a complete group at this very time.
        if (Settle(id, true) && g_exact)
        {
            Simulator::Stop();
        }
    }
}

void Dropped(WifiMacDropReason reason, Ptr<const WifiMpdu> mpdu)
{
    if (!mpdu->GetHeader().IsData())
    {
        return;
    }
    Ptr<Packet> packet = mpdu->GetPacket()->Copy();
    LlcSnapHeader llc;
    Ipv4Header ip;
    UdpHeader udp;
    packet->RemoveHeader(llc);
    if (llc.GetType() != Ipv4L3Protocol::PROT_NUMBER)
    {
        return;
    }
    packet->RemoveHeader(ip);
    packet->RemoveHeader(udp);
    const uint64_t id = IdOf(packet);
    if (g_inFlight.count(id) == 0)
    {
        return;
    }
    proto::Drop* drop = g_reply.add_drops();
    drop->set_id(id);
    drop->set_time_ns(NowNs());
    drop->set_reason(reason == WIFI_MAC_DROP_FAILED_ENQUEUE         ? "queue_full"
                     : reason == WIFI_MAC_DROP_REACHED_RETRY_LIMIT ? "retry_limit"
                                                                    : "expired");
    if (Settle(id, false) && g_exact)
    {
        Simulator::Stop();
    }
}

void SendDatagram(uint32_t from, uint32_t to, uint64_t id, uint32_t size)
{
    std::vector<uint8_t> payload(std::max<uint32_t>(size, 8), 0);
    for (int i = 7; i >= 0; i--)
    {
        payload[i] = static_cast<uint8_t>(id & 0xff);
        id >>= 8;
    }
    g_sockets[from]->SendTo(Create<Packet>(payload.data(), payload.size()), 0, InetSocketAddress(g_addresses[to], kPort));
}

void Initialize(const proto::Initialize& init)
{
    const uint32_t n = init.hosts_size();
    RngSeedManager::SetSeed(static_cast<uint32_t>(init.seed() % 4294967295ULL) + 1);
    RngSeedManager::SetRun(1);
    g_exact = init.window_ns() == 0;
    const proto::Radio& radio = init.radio();
    Config::SetDefault("ns3::WifiRemoteStationManager::MaxSsrc", UintegerValue(radio.retry_limit()));
    Config::SetDefault("ns3::WifiRemoteStationManager::MaxSlrc", UintegerValue(radio.retry_limit()));
    Config::SetDefault("ns3::ThresholdPreambleDetectionModel::MinimumRssi", DoubleValue(radio.detection_threshold_dbm()));
    Config::SetDefault("ns3::WifiMacQueue::MaxSize", QueueSizeValue(QueueSize(std::to_string(radio.queue_packets()) + "p")));

    g_nodes.Create(n);
    MobilityHelper mobility;
    mobility.SetMobilityModel("ns3::ConstantPositionMobilityModel");
    mobility.Install(g_nodes);

    g_loss = CreateObject<MatrixPropagationLossModel>();
    g_loss->SetDefaultLoss(kNoLinkDb);
    Ptr<YansWifiChannel> channel = CreateObject<YansWifiChannel>();
    channel->SetPropagationLossModel(g_loss);
    channel->SetPropagationDelayModel(CreateObject<ConstantSpeedPropagationDelayModel>());

    YansWifiPhyHelper phy;
    phy.SetChannel(channel);
    phy.Set("ChannelSettings", StringValue("{36, 20, BAND_5GHZ, 0}"));
    phy.Set("TxPowerStart", DoubleValue(radio.tx_power_dbm()));
    phy.Set("TxPowerEnd", DoubleValue(radio.tx_power_dbm()));
    phy.Set("RxNoiseFigure", DoubleValue(radio.noise_figure_db()));

    WifiHelper wifi;
    wifi.SetStandard(WIFI_STANDARD_80211n);
    wifi.SetRemoteStationManager("ns3::IdealWifiManager");
    WifiMacHelper mac;
    mac.SetType("ns3::AdhocWifiMac");
    NetDeviceContainer devices = wifi.Install(phy, mac, g_nodes);
    wifi.AssignStreams(devices, static_cast<int64_t>(init.seed() % 1000000));

    InternetStackHelper internet;
    internet.Install(g_nodes);
    Ipv4AddressHelper addresses("10.1.0.0", "255.255.0.0");
    Ipv4InterfaceContainer interfaces = addresses.Assign(devices);
    // No ARP exchange before the first datagram: rclsim's model has none either.
    NeighborCacheHelper().PopulateNeighborCache();

    for (uint32_t i = 0; i < n; i++)
    {
        g_addresses.push_back(interfaces.GetAddress(i));
        Ptr<Socket> socket = Socket::CreateSocket(g_nodes.Get(i), UdpSocketFactory::GetTypeId());
        socket->Bind(InetSocketAddress(Ipv4Address::GetAny(), kPort));
        socket->SetRecvCallback(MakeCallback(&Received));
        g_sockets.push_back(socket);
    }
    Config::ConnectWithoutContext("/NodeList/*/DeviceList/*/$ns3::WifiNetDevice/Mac/DroppedMpdu", MakeCallback(&Dropped));

    proto::FromSimulator ready;
    ready.mutable_ready()->set_simulator("ns-3.37 802.11n ad hoc (IdealWifiManager, MatrixPropagationLossModel)");
    Send(ready);
}

void StopHere()
{
    Simulator::Stop();
}

void Advance(const proto::Advance& advance)
{
    for (int i = 0; i < advance.positions_size(); i++)
    {
        const proto::Vector3& p = advance.positions(i);
        g_nodes.Get(i)->GetObject<MobilityModel>()->SetPosition(Vector(p.x(), p.y(), p.z()));
    }
    for (const proto::PairState& pair : advance.pairs())
    {
        g_loss->SetLoss(g_nodes.Get(pair.from())->GetObject<MobilityModel>(),
                        g_nodes.Get(pair.to())->GetObject<MobilityModel>(),
                        pair.path_loss_db(),
                        false);
    }
    const uint64_t now = NowNs();
    for (const proto::Datagram& datagram : advance.datagrams())
    {
        g_inFlight[datagram.id()] = datagram.group();
        if (datagram.group() != 0 && g_groupLeft.count(datagram.group()) == 0)
        {
            g_groupLeft[datagram.group()] = datagram.group_size();
        }
        const uint64_t at = std::max(datagram.send_time_ns(), now);
        Simulator::Schedule(NanoSeconds(static_cast<int64_t>(at - now)), &SendDatagram, datagram.from(), datagram.to(), datagram.id(), datagram.payload_bytes());
    }
    g_reply.Clear();
    const auto started = std::chrono::steady_clock::now();
    if (advance.until_ns() > now)
    {
        g_stopEvent = Simulator::Schedule(NanoSeconds(static_cast<int64_t>(advance.until_ns() - now)), &StopHere);
        Simulator::Run();
        Simulator::Cancel(g_stopEvent);
    }
    g_reply.set_time_ns(NowNs());
    g_reply.set_busy_ns(static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - started).count()));
    proto::FromSimulator reply;
    *reply.mutable_reply() = g_reply;
    Send(reply);
}

} // namespace

int main(int argc, char** argv)
{
    const bool listening = argc == 3 && std::string(argv[1]) == "--listen";
    if (argc != 2 && !listening)
    {
        Fail("usage: rclsim-ns3 SOCKET_PATH | rclsim-ns3 --listen SOCKET_PATH");
    }
    const char* path = argv[argc - 1];
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::strncpy(address.sun_path, path, sizeof(address.sun_path) - 1);
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (listening)
    {
        unlink(path);
        if (bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0 || listen(fd, 1) != 0)
        {
            Fail(std::string("cannot listen on ") + path);
        }
        g_fd = accept(fd, nullptr, nullptr);
        close(fd);
        unlink(path);
    }
    else if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) == 0)
    {
        g_fd = fd;
    }
    if (g_fd < 0)
    {
        Fail(std::string("cannot connect to ") + path);
    }
    if (sysconf(_SC_NPROCESSORS_ONLN) > 1)
    {
        g_pollFor = std::chrono::microseconds(2000);
    }
    for (;;)
    {
        uint32_t length = 0;
        PollForMessage();
        if (!ReadAll(&length, 4))
        {
            break;
        }
        std::string body(ntohl(length), '\0');
        if (!ReadAll(body.data(), body.size()))
        {
            Fail("rclsim closed the stream mid-message");
        }
        proto::ToSimulator message;
        if (!message.ParseFromString(body))
        {
            Fail("a message that is no ToSimulator");
        }
        if (message.has_initialize())
        {
            Initialize(message.initialize());
        }
        else if (message.has_advance())
        {
            Advance(message.advance());
        }
        else
        {
            break;
        }
    }
    Simulator::Destroy();
    return 0;
}
